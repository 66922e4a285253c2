export {
  generateImage,
  waitForImageTask,
  type GenerateImageOptions,
  type ImageTaskOptions,
  type ImageGeneration,
  type GeneratedImage,
  type ImageGateway,
} from "./tasks.js";
export { TASK_SUCCEEDED_STATUSES, TASK_FAILED_STATUSES, taskState, type TaskState } from "./status.js";
