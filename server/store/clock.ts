// The clock mcpscope stamps frames, sessions and profiles with: milliseconds since the epoch, with a fraction
// (performance.timeOrigin + performance.now()). It lives in the store's room because the store's archive stamps with
// it too, and the store imports nothing from the rooms above it (core/, relay/, the commands) that record frames.
export function now(): number {
  return performance.timeOrigin + performance.now();
}
