import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageFrame } from '../../../components/layout/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/field.tsx';
import { useZodForm } from '../../../components/ui/form.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { agreementFormSchema } from '@hcp/contracts';
import { errorCode } from '../../../lib/api-client.ts';
import { userMessage } from '../../../lib/error-messages.ts';
import { useBreakpoint } from '../../../lib/use-media-query.ts';
import { useContractImages, useSignContract } from '../api/offers.ts';
import styles from '../offers.module.css';

interface SignState {
  contractId?: number;
  documentMasterId?: number;
  returnLocation?: string;
}

const FAILED = 'It looks like something went wrong. Please try again.';

/** Only same-site paths are followed as the return location. */
const safePath = (p: unknown) => (typeof p === 'string' && p.startsWith('/') && !p.startsWith('//') ? p : '/dashboard');

export default function ReviewAndSignPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as SignState;
  const valid = Number.isInteger(state.contractId) && Number.isInteger(state.documentMasterId);
  const returnTo = valid ? safePath(state.returnLocation) : '/dashboard';
  const images = useContractImages(valid ? state.contractId! : null, valid ? state.documentMasterId! : null);
  const sign = useSignContract();
  const form = useZodForm(agreementFormSchema, { defaultValues: { agreed: false } });
  const agreed = form.watch('agreed');
  // The contract changed after it was shown: the server's message states the new terms, and the page shows them.
  const changed = errorCode(sign.error) === 'contract_terms_changed' ? (userMessage(sign.error) ?? null) : null;
  const reviewAgain = () => {
    sign.reset();
    form.reset({ agreed: false });
    void images.refetch();
  };
  // Once signed here, the contract reads as signed when the pages are read again: that is no failure, the page
  // is on its way back with the confirmation.
  const failed =
    !sign.isSuccess && (!valid || images.isError || (sign.isError && !changed) || (images.data?.isSigned ?? false));
  // A phone draws the pages about 330px wide (text of a few pixels): the clinician can show them at full size and
  // scroll across, or pinch to zoom, before signing.
  const phone = useBreakpoint('phone');
  const [fullSize, setFullSize] = useState(false);
  const failMessage = images.data?.isSigned ? 'This contract has already been signed.' : FAILED;

  return (
    <PageFrame title="Review & Sign Contract">
      <Modal open={failed} onClose={() => navigate(returnTo)} title="Something went wrong..." size="sm">
        <p>{failMessage}</p>
        <Button onClick={() => navigate(returnTo)}>Close</Button>
      </Modal>
      <Modal open={!!changed} onClose={reviewAgain} title="The contract has changed" size="sm">
        <p>{changed}</p>
        <Button onClick={reviewAgain}>Review the new terms</Button>
      </Modal>
      {images.isPending && valid && <Spinner label="Loading the contract" />}
      {images.isFetching && !images.isPending && <Spinner label="Loading the contract" />}
      {images.data && !images.data.isSigned && !images.isFetching && (
        <>
          {phone && (
            <Button variant="secondary" aria-pressed={fullSize} onClick={() => setFullSize((z) => !z)}>
              Show pages at full size
            </Button>
          )}
          <div className={`${styles.pages} ${phone && fullSize ? styles.fullSize : ''}`}>
            {images.data.images.map((src, i) => (
              <img
                key={i}
                src={src}
                alt={`Contract page ${i + 1} of ${images.data.pageCount}`}
                className={styles.pageImage}
              />
            ))}
          </div>
          <div className={styles.signBar}>
            <Checkbox
              label="I have reviewed and agree to sign electronically."
              disabled={sign.isPending}
              {...form.register('agreed')}
            />
            <Button
              disabled={!agreed || sign.isPending}
              onClick={() =>
                void form.handleSubmit(() =>
                  sign.mutate(
                    {
                      contractId: state.contractId!,
                      documentMasterId: state.documentMasterId!,
                      termsHash: images.data.termsHash,
                    },
                    { onSuccess: () => navigate(returnTo, { state: { signedContractId: state.contractId } }) },
                  ),
                )()
              }
            >
              {sign.isPending ? 'Signing...' : 'Sign Contract'}
            </Button>
            {sign.isPending && <Alert tone="info">Signing your contract...</Alert>}
          </div>
        </>
      )}
    </PageFrame>
  );
}
