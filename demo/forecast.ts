// Deterministic fake weather and a small city atlas shared by the demo's tools, resources and prompts.

export type Units = 'celsius' | 'fahrenheit';

export interface Forecast {
  location: string;
  units: Units;
  temperature: number;
  conditions: string;
  humidity: number;
  windKph: number;
}

export interface City {
  slug: string;
  name: string;
  country: string;
  timezone: string;
}

const CONDITIONS = ['clear sky', 'partly cloudy', 'overcast', 'light rain', 'heavy rain', 'fog', 'snow', 'thunderstorms'];

export const CITIES: readonly City[] = [
  { slug: 'amsterdam', name: 'Amsterdam', country: 'NL', timezone: 'Europe/Amsterdam' },
  { slug: 'berlin', name: 'Berlin', country: 'DE', timezone: 'Europe/Berlin' },
  { slug: 'buenos-aires', name: 'Buenos Aires', country: 'AR', timezone: 'America/Argentina/Buenos_Aires' },
  { slug: 'cairo', name: 'Cairo', country: 'EG', timezone: 'Africa/Cairo' },
  { slug: 'lisbon', name: 'Lisbon', country: 'PT', timezone: 'Europe/Lisbon' },
  { slug: 'london', name: 'London', country: 'GB', timezone: 'Europe/London' },
  { slug: 'madrid', name: 'Madrid', country: 'ES', timezone: 'Europe/Madrid' },
  { slug: 'nairobi', name: 'Nairobi', country: 'KE', timezone: 'Africa/Nairobi' },
  { slug: 'paris', name: 'Paris', country: 'FR', timezone: 'Europe/Paris' },
  { slug: 'san-francisco', name: 'San Francisco', country: 'US', timezone: 'America/Los_Angeles' },
  { slug: 'sydney', name: 'Sydney', country: 'AU', timezone: 'Australia/Sydney' },
  { slug: 'tokyo', name: 'Tokyo', country: 'JP', timezone: 'Asia/Tokyo' },
];

// FNV-1a: stable across runs and platforms, so the same location always gets the same weather.
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function forecastFor(location: string, units: Units = 'celsius'): Forecast {
  const hash = stableHash(location.trim().toLowerCase());
  const celsius = (hash % 41) - 5;
  return {
    location: location.trim(),
    units,
    temperature: units === 'celsius' ? celsius : Math.round((celsius * 9) / 5 + 32),
    conditions: CONDITIONS[(hash >>> 8) % CONDITIONS.length] ?? 'clear sky',
    humidity: 30 + ((hash >>> 16) % 66),
    windKph: (hash >>> 24) % 60,
  };
}

export function describeForecast(forecast: Forecast): string {
  const symbol = forecast.units === 'celsius' ? '°C' : '°F';
  return (
    `Weather for ${forecast.location}: ${forecast.temperature}${symbol}, ${forecast.conditions}, ` +
    `humidity ${forecast.humidity}%, wind ${forecast.windKph} km/h.`
  );
}

export function findCity(slugOrName: string): City | undefined {
  const wanted = slugOrName.trim().toLowerCase();
  return CITIES.find((city) => city.slug === wanted || city.name.toLowerCase() === wanted);
}

// Case-insensitive prefix match, the behaviour people expect from an autocomplete box.
export function completeFrom<T extends string>(values: readonly T[], prefix: string): T[] {
  const wanted = prefix.trim().toLowerCase();
  return values.filter((value) => value.toLowerCase().startsWith(wanted));
}
