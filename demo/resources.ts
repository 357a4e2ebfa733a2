// Registers the demo's static resources (text, JSON, binary) and the demo://cities/{city} template with completion.
import { ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CITIES, completeFrom, findCity, forecastFor } from './forecast.js';
import { DEMO_SERVER_INFO, README_TEXT } from './demo-info.js';

// The spec's own example error for an unknown resource (2024-11-05 … 2025-11-25). The SDK answers -32602 for
// URIs it cannot route, and McpError would prefix the message, so the demo throws this shape itself.
class ResourceNotFoundError extends Error {
  readonly code = -32002;
  readonly data: { uri: string };
  constructor(data: { uri: string }) {
    super('Resource not found');
    this.data = data;
  }
}

// An 8×8 blue-and-white checkerboard: small enough to inline, real enough for an image preview.
const PIXEL_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAG0lEQVR42mNQTX79//9/TJIBq6hq8muGQakDAGNBjgFQpIvrAAAAAElFTkSuQmCC';

const CONFIG = {
  server: DEMO_SERVER_INFO,
  units: ['celsius', 'fahrenheit'],
  cities: CITIES.map((city) => city.slug),
  limits: { slowCountMaxSteps: 100, slowCountMaxDelayMs: 10_000, orderMaxItems: 20 },
};

export function registerResources(server: McpServer): void {
  server.registerResource(
    'readme',
    'demo://readme',
    { title: 'Demo README', description: 'What this demo server offers and how to try it.', mimeType: 'text/markdown' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: README_TEXT }] }),
  );

  server.registerResource(
    'config',
    'demo://config.json',
    { title: 'Demo configuration', description: 'The demo server settings as JSON.', mimeType: 'application/json' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(CONFIG, null, 2) }] }),
  );

  server.registerResource(
    'pixel',
    'demo://pixel.png',
    { title: 'Checkerboard image', description: 'A tiny PNG delivered as a base64 blob.', mimeType: 'image/png', size: 84 },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'image/png', blob: PIXEL_PNG_BASE64 }] }),
  );

  const cityTemplate = new ResourceTemplate('demo://cities/{city}', {
    list: () => ({
      resources: CITIES.map((city) => ({
        uri: `demo://cities/${city.slug}`,
        name: city.slug,
        title: city.name,
        mimeType: 'application/json',
      })),
    }),
    complete: {
      city: (value) =>
        completeFrom(
          CITIES.map((city) => city.slug),
          value,
        ),
    },
  });

  server.registerResource(
    'city',
    cityTemplate,
    { title: 'City', description: 'A city from the demo atlas with its (fake) current weather.', mimeType: 'application/json' },
    (uri, variables) => {
      const raw = variables['city'];
      const slug = decodeURIComponent(Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? ''));
      const city = findCity(slug);
      if (!city) {
        throw new ResourceNotFoundError({ uri: uri.href });
      }
      const body = { ...city, weather: forecastFor(city.name) };
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(body, null, 2) }] };
    },
  );
}
