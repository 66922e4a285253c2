/** Request/answer calls to a helper process that answers `{ id, ok, value | error }`. */
export function ipcCaller(child) {
  let nextId = 1;
  const pending = new Map();
  child.on("message", (message) => {
    const waiter = message && pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.ok) waiter.resolve(message.value);
    else waiter.reject(new Error(message.error));
  });
  return (cmd, args = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      child.send({ id, cmd, ...args });
    });
}
