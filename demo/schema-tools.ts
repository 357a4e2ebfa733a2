// Registers tools whose input schemas exercise form generation: nesting, arrays of objects, unions, defaults, bounds, patterns, formats.
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { stableHash } from './forecast.js';

// A discriminated union is emitted as `oneOf`; keeping it inside an array item gives forms the hardest common case.
const ticket = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('adult') }),
  z.object({ kind: z.literal('child'), guardian: z.string().min(1).describe('Name of an adult traveller') }),
]);

const traveller = z.object({
  name: z.string().min(1).max(60),
  age: z.number().int().min(0).max(120),
  ticket,
});

// A plain union is emitted as `anyOf`, the other shape a client must cope with.
const payment = z.union([
  z.object({
    method: z.literal('card'),
    last4: z
      .string()
      .regex(/^\d{4}$/)
      .describe('Last four digits'),
  }),
  z.object({ method: z.literal('invoice'), poNumber: z.string().min(1) }),
  z.object({ method: z.literal('voucher'), code: z.string().regex(/^[A-Z0-9]{8}$/) }),
]);

const orderItem = z.object({
  sku: z
    .string()
    .regex(/^[A-Z]{3}-\d{4}$/)
    .describe('Stock keeping unit, e.g. "MUG-0001"'),
  quantity: z.number().int().min(1).max(99).default(1),
  options: z
    .object({
      giftWrap: z.boolean().default(false),
      engraving: z.string().max(20).optional(),
    })
    .optional(),
});

function pluralise(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

// Prices are derived from the SKU so totals are reproducible without a catalogue.
function unitPriceCents(sku: string): number {
  return 500 + (stableHash(sku) % 9500);
}

export function registerSchemaTools(server: McpServer): void {
  server.registerTool(
    'plan_trip',
    {
      title: 'Plan a trip',
      description: 'Echoes a summary of a trip plan. Every child ticket must name an adult traveller as guardian, or the result is an error.',
      inputSchema: {
        destination: z.object({
          city: z.string().min(1),
          country: z
            .string()
            .regex(/^[A-Z]{2}$/)
            .describe('ISO 3166-1 alpha-2 code, e.g. "PT"'),
          arrival: z.iso.date().describe('Arrival date, YYYY-MM-DD'),
          nights: z.number().int().min(1).max(30).default(3),
        }),
        travellers: z.array(traveller).min(1).max(9),
        transport: z.enum(['train', 'plane', 'car', 'bike']).default('train'),
        budget: z
          .object({
            amount: z.number().min(0).max(1_000_000),
            currency: z
              .string()
              .regex(/^[A-Z]{3}$/)
              .default('EUR'),
          })
          .optional(),
        notes: z.string().max(500).optional(),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ destination, travellers, transport, budget, notes }) => {
      const adults = new Set(travellers.filter((t) => t.ticket.kind === 'adult').map((t) => t.name));
      const orphans = travellers.filter((t) => t.ticket.kind === 'child' && !adults.has(t.ticket.guardian));
      if (orphans.length > 0) {
        const names = orphans.map((t) => t.name).join(', ');
        return { isError: true, content: [{ type: 'text', text: `No adult guardian among the travellers for: ${names}.` }] };
      }
      const people = travellers.map((t) =>
        t.ticket.kind === 'child' ? `${t.name} (${t.age}, child with ${t.ticket.guardian})` : `${t.name} (${t.age}, adult)`,
      );
      const lines = [
        `Trip to ${destination.city} (${destination.country}) arriving ${destination.arrival} for ${pluralise(destination.nights, 'night')} by ${transport}.`,
        `${pluralise(travellers.length, 'traveller')}: ${people.join(', ')}.`,
        budget ? `Budget: ${budget.amount} ${budget.currency}.` : 'Budget: not set.',
      ];
      if (notes) lines.push(`Notes: ${notes}`);
      return { content: [{ type: 'text', text: lines.join('\n') }] };
    },
  );

  server.registerTool(
    'create_order',
    {
      title: 'Create an order',
      description: 'Pretends to place an order and returns a deterministic order id and total. Nothing is stored.',
      inputSchema: {
        customer: z.object({
          name: z.string().min(1),
          email: z.email(),
          address: z
            .object({
              street: z.string().min(1),
              city: z.string().min(1),
              postcode: z.string().regex(/^[A-Z0-9 -]{3,10}$/),
              country: z.string().regex(/^[A-Z]{2}$/),
            })
            .optional(),
        }),
        items: z.array(orderItem).min(1).max(20),
        payment,
        priority: z.enum(['standard', 'express', 'overnight']).default('standard'),
      },
      outputSchema: {
        orderId: z.string(),
        itemCount: z.number().int().min(1),
        totalCents: z.number().int().min(0),
        currency: z.literal('EUR'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args) => {
      const { customer, items, payment: pay, priority } = args;
      const orderId = `ORD-${stableHash(JSON.stringify(args)).toString(16).padStart(8, '0').toUpperCase()}`;
      const itemCount = items.reduce((sum, item) => sum + item.quantity, 0);
      const totalCents = items.reduce((sum, item) => sum + unitPriceCents(item.sku) * item.quantity, 0);
      const lines = items.map((item) => {
        const extras = [item.options?.giftWrap ? 'gift wrapped' : '', item.options?.engraving ? `engraved "${item.options.engraving}"` : '']
          .filter(Boolean)
          .join(', ');
        return `- ${item.quantity} × ${item.sku}${extras ? ` (${extras})` : ''}`;
      });
      const text = [
        `Order ${orderId} for ${customer.name} <${customer.email}>, ${priority} delivery, paid by ${pay.method}.`,
        ...lines,
        `Total: ${(totalCents / 100).toFixed(2)} EUR for ${pluralise(itemCount, 'item')}.`,
      ].join('\n');
      return {
        content: [{ type: 'text', text }],
        structuredContent: { orderId, itemCount, totalCents, currency: 'EUR' as const },
      };
    },
  );
}
