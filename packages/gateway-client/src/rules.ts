/**
 * `@feedgate/gateway-client/rules`: the gateway document's rules as data — every operation's
 * method, path and parameter rules, and the enums of its schemas — generated from the bundled
 * OpenAPI document by `pnpm generate`. The mock routes requests by this table. Its own entry
 * point keeps the client's bundle free of it.
 * @packageDocumentation
 */

export type { ApiRules, OperationRule, ParamRule } from "@feedgate/core";
export { GATEWAY_RULES, type KnownParamValues } from "./generated/rules.js";
