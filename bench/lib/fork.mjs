import { fork } from "node:child_process";

/**
 * Forks a helper process (same Node binary) and waits for its first IPC message, which
 * carries what the parent needs (an address, a summary). Rejects if it exits first or does
 * not answer within `timeoutMs`.
 */
export function forkHelper(modulePath, { args = [], execArgv = [], timeoutMs = 60_000 } = {}) {
  const child = fork(modulePath, args, {
    execArgv,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${modulePath}: no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once("message", (message) => {
      clearTimeout(timer);
      resolve({ child, message });
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${modulePath} exited (${signal ?? code}) before answering`));
    });
  });
}

/** Asks a helper to stop and waits for it (killing it if it does not go within 5 s). */
export function stopHelper(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.connected) child.send("stop");
    else child.kill();
  });
}
