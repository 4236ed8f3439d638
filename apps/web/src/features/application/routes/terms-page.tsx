import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { agreementFormSchema, applicationDocuments, applicationMessages, stepAfter } from '@hcp/contracts';
import { PageFrame } from '../../../components/layout/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { Checkbox } from '../../../components/ui/field.tsx';
import { useZodForm } from '../../../components/ui/form.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useBreakpoint } from '../../../lib/use-media-query.ts';
import { agency } from '../../../config/agency.ts';
import {
  openApplicationDocument,
  saveInitialDocuments,
  submitApplication,
  useFlowFlags,
  useRefreshSteps,
} from '../api/steps.ts';
import { ApplicationProgress } from '../components/application-progress.tsx';
import styles from '../components/application.module.css';

/**
 * /terms-and-conditions (submit the application) and /application-documents (terms-first flow:
 * 'Agree and Proceed', 'Skip For Now' and the step bar).
 */
export default function TermsPage() {
  const { pathname } = useLocation();
  const termsFirst = pathname.toLowerCase().startsWith('/application-documents');
  const navigate = useNavigate();
  const { flags } = useFlowFlags();
  const { refreshUser } = useAuth();
  const refresh = useRefreshSteps();
  const form = useZodForm(agreementFormSchema, { defaultValues: { agreed: false } });
  const agreed = form.watch('agreed');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const path = termsFirst ? '/application-documents' : '/terms-and-conditions';
  // On phone-sized screens (800px or less) the button is on top. It is placed first in the document (not only
  // moved by CSS) so that reading and Tab order follow what is seen.
  const buttonOnTop = useBreakpoint('phone');

  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      if (termsFirst) {
        const res = await saveInitialDocuments();
        const done = await refresh();
        if (res.applicationComplete) {
          await refreshUser();
          navigate('/dashboard');
        } else navigate(stepAfter(path, done, flags)?.path ?? '/dashboard');
      } else {
        await submitApplication();
        await refresh();
        await refreshUser();
        navigate('/dashboard');
      }
    } catch {
      setError(applicationMessages.somethingWrong);
      setPending(false);
    }
  };
  const skip = async () => {
    const done = await refresh().catch(() => [] as string[]);
    navigate(stepAfter(path, done, flags)?.path ?? '/dashboard');
  };
  const open = (name: string) => {
    setFileError(null);
    openApplicationDocument(name).catch(() => setFileError('Something went wrong when opening the file.'));
  };

  const actions = (
    <div className={styles.termsActions}>
      <Button size="lg" onClick={() => void form.handleSubmit(submit)()} disabled={!agreed || pending}>
        {termsFirst ? 'Agree and Proceed' : 'Submit Application to TRS'}
      </Button>
      {termsFirst && (
        <Button size="lg" variant="secondary" onClick={skip} disabled={agreed || pending}>
          Skip For Now
        </Button>
      )}
    </div>
  );

  return (
    <PageFrame title={termsFirst ? 'Application Documents' : 'Terms and Conditions'}>
      <ApplicationProgress path={path} />
      <div className={styles.termsLayout}>
        {buttonOnTop && actions}
        <div className={styles.body}>
          <p>
            Please read the following agreements and disclosures of {agency.name}. Select a document to open it. By
            checking the box below you agree to all of them.
          </p>
          <ul className={styles.documents} aria-label="Agreements">
            {applicationDocuments.map((d) => (
              <li key={d.documentName} style={{ listStyle: 'none' }}>
                <Button variant="link" onClick={() => open(d.documentName)}>
                  {d.title}
                </Button>
              </li>
            ))}
          </ul>
          {fileError && <Alert>{fileError}</Alert>}
          <Checkbox
            label="I have read and agree to the terms, agreements and disclosures above."
            {...form.register('agreed')}
          />
          {error && <Alert>{error}</Alert>}
        </div>
        {!buttonOnTop && actions}
      </div>
      {termsFirst && (
        <nav className={styles.navBar} aria-label="Application steps">
          <Button variant="secondary" onClick={() => navigate('/apply-now')} disabled={pending}>
            Previous
          </Button>
          <Button onClick={() => void form.handleSubmit(submit)()} disabled={!agreed || pending}>
            Next
          </Button>
        </nav>
      )}
    </PageFrame>
  );
}
