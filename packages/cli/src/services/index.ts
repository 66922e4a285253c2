export { feedServices } from "./feed.js";
export { gatewayServices } from "./gateway.js";
export type * from "./types.js";
