import { describe, expect, it } from 'vitest';
import {
  LOCAL_ERROR_CODES,
  TRANSPORT_KINDS,
  WIRE_ERROR_CATALOGUE,
  WIRE_ERROR_CODES,
  errorRange,
  explainError,
  type ErrorExplanation,
} from '../../shared/error-codes/index.js';
import { RELAY_ERROR_CODES } from '../../shared/relay-errors.js';
import { PROTOCOL_VERSIONS } from '../../shared/mcp-versions.js';

function expectRendered(e: ErrorExplanation): void {
  expect(e.name.trim()).not.toBe('');
  expect(e.meaning.trim()).not.toBe('');
  expect(e.check.length).toBeGreaterThan(0);
  for (const line of [...e.causes, ...e.check, ...e.notes]) expect(line.trim()).not.toBe('');
}

describe('the wire error catalogue', () => {
  it('has an entry for every named wire code, and no code twice', () => {
    const codes = WIRE_ERROR_CATALOGUE.map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(Object.values(WIRE_ERROR_CODES).sort());
  });

  it('renders a non-empty explanation for every code under every version, transport and origin', () => {
    for (const { code } of WIRE_ERROR_CATALOGUE) {
      expectRendered(explainError({ code }));
      for (const protocolVersion of PROTOCOL_VERSIONS) {
        for (const transport of TRANSPORT_KINDS) {
          for (const local of [true, false]) expectRendered(explainError({ code, protocolVersion, transport, local }));
        }
      }
      for (const httpStatus of [400, 403, 404, 405, 406, 409, 413, 415, 500]) expectRendered(explainError({ code, httpStatus, transport: 'http' }));
    }
  });

  it('lists the versions each MCP-specific code belongs to', () => {
    expect(explainError({ code: -32700 }).versions).toBe('all');
    expect(explainError({ code: -32042 }).versions).toEqual(['2025-11-25']);
    expect(explainError({ code: -32022 }).versions).toEqual(['2026-07-28']);
  });
});

describe('explainError', () => {
  it('explains a local -32001 as the client library’s own request timeout', () => {
    const e = explainError({ code: -32001, local: true, transport: 'stdio' });
    expect(e.name).toMatch(/RequestTimeout/);
    expect(e.source).toBe('local');
    expect(e.meaning).toMatch(/did not send/);
  });

  it('explains -32001 with HTTP 404 from the server as session not found', () => {
    const e = explainError({ code: -32001, httpStatus: 404, transport: 'http', local: false });
    expect(e.name).toMatch(/Session not found/);
    expect(e.source).toBe('peer');
    expect(e.check.join(' ')).toMatch(/initialize/);
  });

  it('says both meanings of a bare -32001 and does not guess its source', () => {
    const e = explainError({ code: -32001 });
    expect(e.meaning).toMatch(/timeout/i);
    expect(e.meaning).toMatch(/session not found/i);
    expect(e.source).toBe('unknown');
  });

  it('explains a local -32000 as a closed connection and an SDK HTTP 406 as Not Acceptable', () => {
    expect(explainError({ code: -32000, local: true }).name).toMatch(/ConnectionClosed/);
    expect(explainError({ code: -32000, httpStatus: 406 }).name).toMatch(/Not Acceptable/);
  });

  it('says -32002 is not valid in 2026-07-28, where a missing resource is -32602', () => {
    const e = explainError({ code: -32002, protocolVersion: '2026-07-28' });
    expect(e.validInVersion).toBe(false);
    expect(e.notes[0]).toMatch(/-32602/);
    expect(explainError({ code: -32002, protocolVersion: '2025-11-25' }).validInVersion).toBe(true);
  });

  it('says -32042 exists only in 2025-11-25', () => {
    expect(explainError({ code: -32042, protocolVersion: '2025-11-25' }).validInVersion).toBe(true);
    expect(explainError({ code: -32042, protocolVersion: '2025-06-18' }).validInVersion).toBe(false);
  });

  it('points out that an SDK -32603 carrying a validation report means invalid params (-32602)', () => {
    const message = '[\n  {\n    "code": "invalid_value",\n    "values": ["debug","info"],\n    "path": ["params","level"]\n  }\n]';
    const e = explainError({ code: -32603, message, protocolVersion: '2025-11-25' });
    expect(e.notes.join(' ')).toMatch(/-32602/);
    expect(e.check.join(' ')).toMatch(/params/);
    expect(explainError({ code: -32603, message: 'Cannot read properties of undefined' }).notes).toEqual([]);
  });

  it('points out that from 2025-11-25 a -32602 argument-validation failure should have been an isError result', () => {
    const message = 'Input validation error: Invalid arguments for tool get-sum';
    expect(explainError({ code: -32602, message, protocolVersion: '2025-11-25' }).notes.join(' ')).toMatch(/isError/);
    expect(explainError({ code: -32602, message, protocolVersion: '2025-06-18' }).notes.join(' ')).not.toMatch(/isError/);
  });

  it('adds the 2026 meanings of -32602 only for 2026-07-28', () => {
    expect(explainError({ code: -32602, protocolVersion: '2026-07-28' }).notes.join(' ')).toMatch(/resource not found/);
    expect(explainError({ code: -32602, protocolVersion: '2025-11-25' }).notes).toEqual([]);
  });

  it('tells the SDK client’s local output-schema rejection apart from a server’s -32602', () => {
    const e = explainError({ code: -32602, local: true, message: "Structured content does not match the tool's output schema" });
    expect(e.source).toBe('local');
    expect(e.origin).toBe('local');
  });

  it('marks a peer-only code made locally as local, with a note', () => {
    const e = explainError({ code: -32601, local: true });
    expect(e.source).toBe('local');
    expect(e.notes.join(' ')).toMatch(/locally/);
  });
});

describe('explainError for codes nobody catalogued', () => {
  it('calls an undefined code in -32768…-32100 reserved and invalid', () => {
    const e = explainError({ code: -32500 });
    expect(e).toMatchObject({ catalogued: false, range: 'jsonrpc-reserved', validInVersion: false });
    expectRendered(e);
  });

  it('calls -32050 implementation-defined before 2026 and an unallocated spec code in 2026', () => {
    expect(explainError({ code: -32050, protocolVersion: '2025-11-25' })).toMatchObject({ range: 'implementation-defined', validInVersion: null });
    expect(explainError({ code: -32050, protocolVersion: '2026-07-28' })).toMatchObject({ range: 'mcp-reserved', validInVersion: false });
    expect(explainError({ code: -32010, protocolVersion: '2026-07-28' }).range).toBe('implementation-defined');
  });

  it('calls a code outside the reserved range application-defined', () => {
    const e = explainError({ code: 404 });
    expect(e.range).toBe('application');
    expectRendered(e);
  });

  it('refuses to interpret a fractional code', () => {
    expect(errorRange(1.5)).toBe('not-an-integer');
    expect(explainError({ code: 1.5 }).validInVersion).toBe(false);
  });
});

describe('local error codes', () => {
  it('renders a non-empty explanation for every local code, marked as made locally', () => {
    for (const code of Object.keys(LOCAL_ERROR_CODES)) {
      const e = explainError({ code });
      expectRendered(e);
      expect(e).toMatchObject({ source: 'local', origin: 'local', catalogued: true, range: 'local' });
    }
  });

  it('links the SDK 1.x numeric form of a timeout', () => {
    expect(explainError({ code: 'REQUEST_TIMEOUT' }).notes.join(' ')).toMatch(/-32001/);
  });

  it('explains the relay’s own codes as made by mcpscope', () => {
    for (const code of Object.keys(RELAY_ERROR_CODES)) expect(explainError({ code }).notes.join(' ')).toMatch(/relay/);
  });

  it('admits it does not know an unknown string code, but still says it was local', () => {
    expect(explainError({ code: 'E_WEIRD' })).toMatchObject({ catalogued: false, source: 'local' });
  });
});
