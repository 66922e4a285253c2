type Env = Record<string, string | undefined>;

/** A variable set in either case, as curl reads them (`https_proxy` or `HTTPS_PROXY`); empty counts as unset. */
function variable(env: Env, name: string): string | undefined {
  const value = env[name.toLowerCase()] ?? env[name.toUpperCase()];
  return value !== undefined && value.trim() !== "" ? value.trim() : undefined;
}

/**
 * The proxy settings of the environment, as curl, npm and gh read them: `HTTPS_PROXY` for https
 * URLs, `HTTP_PROXY` for http ones, `NO_PROXY` for hosts reached directly (either case each).
 * Undefined when neither proxy variable is set: then the CLI connects directly.
 */
export function proxySettings(
  env: Env,
): { httpProxy?: string; httpsProxy?: string; noProxy?: string } | undefined {
  const httpProxy = variable(env, "HTTP_PROXY");
  const httpsProxy = variable(env, "HTTPS_PROXY");
  if (httpProxy === undefined && httpsProxy === undefined) return undefined;
  const noProxy = variable(env, "NO_PROXY");
  // undici falls back to HTTP_PROXY for https URLs when HTTPS_PROXY is unset, as curl does not; pass both explicitly.
  return {
    ...(httpProxy && { httpProxy }),
    ...(httpsProxy && { httpsProxy }),
    ...(noProxy && { noProxy }),
  };
}

/**
 * Sends every fetch of this process through the proxy the environment names (undici's
 * `EnvHttpProxyAgent`, as Node's own fetch's global dispatcher). undici is imported only when a
 * proxy variable is set, so a direct run starts without it. undici's own timeouts apply here,
 * as without a proxy; the gateway's fetch has its own proxy dispatcher (see http.ts).
 */
export async function useEnvironmentProxy(env: Env): Promise<void> {
  const settings = proxySettings(env);
  if (settings === undefined) return;
  const { EnvHttpProxyAgent, setGlobalDispatcher } = await import("undici");
  setGlobalDispatcher(new EnvHttpProxyAgent(settings));
}
