import { useMutation } from '@tanstack/react-query';
import type { SaveReferralRequest, SaveReferralResponse } from '@hcp/contracts';
import { apiJson } from '../../../lib/api-client.ts';

export const saveReferral = (body: SaveReferralRequest) => apiJson<SaveReferralResponse>('HcpReferral/saveReferral', { json: body });

export const useSaveReferral = () => useMutation({ mutationFn: saveReferral });
