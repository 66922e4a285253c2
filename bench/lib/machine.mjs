import os from "node:os";

/** A one-line description of the machine the numbers were taken on. */
export function describeMachine() {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim().replace(/\s+/g, " ") ?? "unknown CPU";
  return {
    cpu: model,
    cores: cpus.length,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    date: new Date().toISOString(),
  };
}
