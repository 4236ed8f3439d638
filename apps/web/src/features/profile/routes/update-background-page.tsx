import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  backgroundFormSchema,
  emptyBackgroundAnswers,
  normalizeBackground,
  type BackgroundAnswers,
} from '@hcp/contracts';
import { BackgroundQuestionList, backgroundFormMode } from '../../../components/forms/background-questions.tsx';
import { PageFrame } from '../../../components/layout/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { useFormValid, useZodForm } from '../../../components/ui/form.tsx';
import { useBreakpoint } from '../../../lib/use-media-query.ts';
import { backgroundAnswersQuery, postBackgroundAnswers, useBackgroundAnswers } from '../api/background.ts';
import styles from '../components/profile.module.css';

const FAILED = 'Oops... looks like something went wrong. Please try again.';
const SUCCESS_MS = 2000;

/** /update-background-questions: the ten questions, saved to the same answers as the application. */
export default function UpdateBackgroundPage() {
  const q = useBackgroundAnswers();
  if (q.isPending)
    return (
      <PageFrame title="Update Background Questions">
        <Spinner />
      </PageFrame>
    );
  return <UpdateBackgroundForm initial={q.data ?? emptyBackgroundAnswers} loadFailed={q.isError} />;
}

function UpdateBackgroundForm({ initial, loadFailed }: { initial: BackgroundAnswers; loadFailed: boolean }) {
  const qc = useQueryClient();
  const mobile = useBreakpoint('phone');
  const form = useZodForm(backgroundFormSchema, { defaultValues: initial, mode: backgroundFormMode });
  const complete = useFormValid(form);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<'idle' | 'saved' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  // A changed answer takes the failure message away.
  const { watch } = form;
  useEffect(() => watch(() => setStatus((s) => (s === 'failed' ? 'idle' : s))).unsubscribe, [watch]);

  const save = async (a: BackgroundAnswers) => {
    setBusy(true);
    setStatus('idle');
    try {
      const saved = normalizeBackground(a);
      await postBackgroundAnswers(saved);
      await qc.invalidateQueries({ queryKey: backgroundAnswersQuery.queryKey });
      // The form continues from what was stored: answers to hidden questions are gone.
      form.reset(saved);
      setStatus('saved');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setStatus('idle'), SUCCESS_MS);
    } catch {
      setStatus('failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame title="Update Background Questions">
      <div className={`${styles.card} ${styles.backgroundCard}`}>
        {loadFailed && <Alert>{FAILED}</Alert>}
        <p className={styles.muted}>
          Keep your answers current. Answering yes does not by itself disqualify you; we may ask for a short statement.
        </p>
        <BackgroundQuestionList form={form} portalName="portal" />
        {status === 'saved' && (
          <Alert tone="success">
            <strong>Background Questions Updated</strong>
          </Alert>
        )}
        {status === 'failed' && <Alert>{FAILED}</Alert>}
        <div className={styles.saveBar}>
          <Button onClick={() => void form.handleSubmit(save)()} disabled={!complete || busy}>
            {mobile ? 'Save Responses' : 'Save Background Questions'}
          </Button>
        </div>
      </div>
    </PageFrame>
  );
}
