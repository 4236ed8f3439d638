import { defineEndpoint } from '../endpoint.ts';
import { featureFlagsSchema } from '../feature-flags-schema.ts';
import { leadSourcesResponseSchema, professionsResponseSchema, specialtiesResponseSchema } from '../reference.ts';

export const featureFlags = defineEndpoint({
  method: 'GET',
  path: '/core/api/FeatureFlags',
  operationId: 'featureFlags',
  summary: 'The feature flags in force',
  tags: ['reference'],
  access: 'public',
  responses: { 200: featureFlagsSchema },
});

export const leadSources = defineEndpoint({
  method: 'GET',
  path: '/core/api/leadSources',
  operationId: 'leadSources',
  summary: 'How clinicians heard of the agency (the sign-up choices)',
  tags: ['reference'],
  access: 'public',
  responses: { 200: leadSourcesResponseSchema },
});

export const disciplines = defineEndpoint({
  method: 'GET',
  path: '/core/api/Disciplines',
  operationId: 'disciplines',
  summary: 'Professions (disciplines)',
  tags: ['reference'],
  access: 'public',
  responses: { 200: professionsResponseSchema },
});

export const specialties = defineEndpoint({
  method: 'GET',
  path: '/core/api/Specialty/getSpecialties',
  operationId: 'specialties',
  summary: 'Specialties of every profession',
  tags: ['reference'],
  access: 'public',
  responses: { 200: specialtiesResponseSchema },
});
