/**
 * Reference data: professions, specialties, states, cities and lead sources (seeded from the shipped lists on
 * every start, read once and kept in memory), and the feature flags route.
 */
export { referenceService, type CityRef, type ReferenceData } from './service.ts';
export { referenceRoutes } from './routes.ts';
export { seedReference, stateIdByAbbreviation } from './seed.ts';

// Lookups other modules make inside their own transactions (sign-up, the jobs feed).
export { findCity as findCityByName, firstKnownLeadSource, professionExists, referenceForFeed } from './repository.ts';

// The shipped lists the demo job generator draws from.
export { findCity as findShippedCity } from './data/cities.ts';
export { professions as shippedProfessions, type Profession as ShippedProfession } from './data/professions.ts';
export { specialtyById as shippedSpecialtyById, type Specialty as ShippedSpecialty } from './data/specialties.ts';
export { stateByAbbreviation as shippedStateByAbbreviation } from './data/states.ts';
