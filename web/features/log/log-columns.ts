// The log's column layout, shared by the header and every row so they always line up.
// Columns: seq, time, direction, origin (who made it), kind, method, id, summary, size, latency.
export const LOG_GRID = 'grid grid-cols-[52px_88px_18px_34px_86px_minmax(90px,1.1fr)_52px_minmax(160px,3fr)_62px_66px] gap-x-2';
export const ROW_HEIGHT = 22;
