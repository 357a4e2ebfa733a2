// The era picker next to the protocol version: how a new session starts talking, remembered across loads.
import { useState } from 'react';
import type { Era } from '../../../shared/engine/index.js';

const KEY = 'mcpscope.era';
const ERAS: readonly Era[] = ['legacy', 'modern', 'auto'];

// Legacy is the default: auto would put a server/discover probe before initialize in every log.
const DEFAULT_ERA: Era = 'legacy';

const ERA_HELP: Record<Era, string> = {
  legacy: 'legacy: initialize with the version picked, then notifications/initialized (2024-11-05 … 2025-11-25)',
  modern: 'modern: 2026-07-28, stateless: server/discover, then the protocol _meta keys on every request; input_required answered and retried',
  auto: 'auto: probe with server/discover; on an error, a timeout or no shared version, fall back to initialize with the version picked',
};

function loadEra(): Era {
  try {
    const saved = localStorage.getItem(KEY);
    return ERAS.includes(saved as Era) ? (saved as Era) : DEFAULT_ERA;
  } catch {
    return DEFAULT_ERA;
  }
}

/**
 * The era, as last picked in this browser, and `adopt` to show the era a session actually speaks (picked in another
 * tab, another browser, or by auto) without making it this browser's remembered choice.
 */
export function useEra(): [Era, (era: Era) => void, (era: Era) => void] {
  const [era, setEra] = useState<Era>(loadEra);
  const choose = (next: Era) => {
    setEra(next);
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // Storage may be off (private mode); the choice still holds for this page.
    }
  };
  return [era, choose, setEra];
}

/**
 * The era a session's handshake shows it was started in: auto when a server/discover probe went before the initialize
 * that answered (or when discovery answered: auto and modern look alike then, and modern is what it speaks).
 */
export function sessionEra(handshake: { era: 'legacy' | 'modern'; probe: string | null }): Era {
  return handshake.probe !== null ? 'auto' : handshake.era;
}

export function EraSelect({ era, onEra }: { era: Era; onEra: (era: Era) => void }) {
  return (
    <select
      data-testid="era-select"
      aria-label="era"
      className="control font-mono"
      value={era}
      onChange={(e) => onEra(e.target.value as Era)}
      title={`how Connect starts talking to the server\n${ERAS.map((e) => ERA_HELP[e]).join('\n')}`}
    >
      {ERAS.map((e) => (
        <option key={e} value={e} title={ERA_HELP[e]}>
          {e}
        </option>
      ))}
    </select>
  );
}
