import { useQuery } from '@tanstack/react-query';
import type { BackgroundAnswers } from '@hcp/contracts';
import { apiJson } from '../../../lib/api-client.ts';

export const backgroundAnswersQuery = {
  queryKey: ['backgroundQuestions'] as const,
  queryFn: () => apiJson<BackgroundAnswers>('BackgroundQuestions/getBackgroundAnswers'),
};
export const useBackgroundAnswers = () => useQuery(backgroundAnswersQuery);

export const postBackgroundAnswers = (answers: BackgroundAnswers) =>
  apiJson<{ ok: boolean }>('BackgroundQuestions/postBackgroundAnswers', { json: answers });
