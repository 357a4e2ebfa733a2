// Aligns two sequences of keys with Myers' O(ND) diff: cheap when the runs are alike, which replays usually are.

export type AlignOp = { op: 'equal'; a: number; b: number } | { op: 'delete'; a: number } | { op: 'insert'; b: number };

/** Beyond this many edits the runs have little in common; pairing by position says as much at a fraction of the cost. */
const MAX_EDITS = 1000;

export function alignSequences(a: readonly string[], b: readonly string[], maxEdits = MAX_EDITS): AlignOp[] {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, maxEdits);
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, offset, d, n, m, a, b);
    }
    v = next;
  }
  return byPosition(n, m);
}

function backtrack(trace: Int32Array[], offset: number, dEnd: number, n: number, m: number, a: readonly string[], b: readonly string[]): AlignOp[] {
  const ops: AlignOp[] = [];
  let x = n;
  let y = m;
  for (let d = dEnd; d > 0; d--) {
    const v = trace[d]!;
    const k = x - y;
    const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY && a[x - 1] === b[y - 1]) ops.push({ op: 'equal', a: --x, b: --y });
    if (down) ops.push({ op: 'insert', b: --y });
    else ops.push({ op: 'delete', a: --x });
  }
  while (x > 0 && y > 0) ops.push({ op: 'equal', a: --x, b: --y });
  return ops.reverse();
}

/** The fallback: pair i with i, then the longer run's tail as inserts or deletes. */
function byPosition(n: number, m: number): AlignOp[] {
  const ops: AlignOp[] = [];
  for (let i = 0; i < Math.max(n, m); i++) {
    if (i < n && i < m) ops.push({ op: 'equal', a: i, b: i });
    else if (i < n) ops.push({ op: 'delete', a: i });
    else ops.push({ op: 'insert', b: i });
  }
  return ops;
}
