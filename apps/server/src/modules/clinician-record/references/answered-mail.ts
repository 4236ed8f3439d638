import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { publicBase, queueNotice, type Recipient } from '../../platform/index.ts';

/** Tells the clinician that a reference giver returned the form they asked for. */
export async function referenceAnsweredMail(
  ctx: AppContext,
  tx: DbOrTx,
  to: Recipient,
  p: { referenceId: number; referenceName: string; facilityName: string },
) {
  await queueNotice(ctx, tx, to, {
    kind: 'reference-answered',
    subject: `${p.referenceName} returned your reference`,
    lines: [
      `${p.referenceName} (${p.facilityName}) completed the clinical reference you asked for. Thank you for arranging it.`,
      'You can see the status of your references on your profile.',
    ],
    link: `${publicBase(ctx)}/profile-page`,
    linkText: 'View your profile',
    meta: { referenceId: p.referenceId },
  });
}
