// The fault lab's whole catalogue, in the order the panel lists it, and the lookups over it.
import { ENVELOPE_PRESETS } from './envelope-presets.js';
import type { FaultPreset, FaultTransport } from './fault-types.js';
import { HTTP_PRESETS } from './http-presets.js';
import { SESSION_PRESETS } from './session-presets.js';

/** HTTP presets last: the final one (DELETE) ends the session. */
export const FAULT_PRESETS: readonly FaultPreset[] = [...ENVELOPE_PRESETS, ...SESSION_PRESETS, ...HTTP_PRESETS];

export function faultPreset(id: string): FaultPreset | undefined {
  return FAULT_PRESETS.find((p) => p.id === id);
}

/** Whether a preset means anything on this transport: stdio-only framing faults make no sense over HTTP and vice versa. */
export function appliesTo(preset: FaultPreset, transport: 'stdio' | 'http'): boolean {
  const wanted: FaultTransport = preset.transport;
  return wanted === 'any' || wanted === transport;
}
