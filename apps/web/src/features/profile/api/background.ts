import { useQuery } from '@tanstack/react-query';
import type { BackgroundAnswers } from '@hcp/contracts';
import * as profile from '@hcp/contracts/routes/profile';
import { call, endpointQuery } from '../../../lib/api-client.ts';

export const backgroundAnswersQuery = endpointQuery(profile.profileBackgroundAnswers);
export const useBackgroundAnswers = () => useQuery(backgroundAnswersQuery);

export const postBackgroundAnswers = (answers: BackgroundAnswers) =>
  call(profile.updateBackgroundAnswers, { body: answers });
