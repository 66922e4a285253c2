export {
  TASK_FAILED_STATUSES,
  TASK_SUCCEEDED_STATUSES,
  type TaskState,
  taskState,
} from "./status.js";
export {
  type GeneratedImage,
  type GenerateImageOptions,
  generateImage,
  type ImageGateway,
  type ImageGeneration,
  type ImageTaskOptions,
  MAX_IMAGES_PER_ANSWER,
  waitForImageTask,
} from "./tasks.js";
