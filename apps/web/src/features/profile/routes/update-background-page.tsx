import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { backgroundProblems, emptyBackgroundAnswers, needsInternationalApplication, normalizeBackground, type BackgroundAnswers } from '@hcp/contracts';
import { BackgroundQuestionList } from '../../../components/forms/background-questions.tsx';
import { PageFrame } from '../../../components/layout/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { backgroundAnswersQuery, postBackgroundAnswers, useBackgroundAnswers } from '../api/background.ts';
import styles from '../components/profile.module.css';

const FAILED = 'Oops... looks like something went wrong. Please try again.';
const SUCCESS_MS = 2000;

/** /update-background-questions (spec 02 sections 2, 4, 5): the ten questions, saved to the same answers as the application. */
export default function UpdateBackgroundPage() {
  const q = useBackgroundAnswers();
  const qc = useQueryClient();
  const mobile = useMediaQuery('(max-width: 800px)');
  const [a, setA] = useState<BackgroundAnswers>(emptyBackgroundAnswers);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<'idle' | 'saved' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (q.data) setA(q.data);
  }, [q.data]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const set = <K extends keyof BackgroundAnswers>(k: K, v: BackgroundAnswers[K]) => {
    setA((s) => ({ ...s, [k]: v }));
    if (status === 'failed') setStatus('idle');
  };
  const international = needsInternationalApplication(a);
  const complete = backgroundProblems(a).length === 0 && !international;

  const save = async () => {
    setBusy(true);
    setStatus('idle');
    try {
      await postBackgroundAnswers(normalizeBackground(a));
      await qc.invalidateQueries({ queryKey: backgroundAnswersQuery.queryKey });
      setStatus('saved');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setStatus('idle'), SUCCESS_MS);
    } catch {
      setStatus('failed');
    } finally {
      setBusy(false);
    }
  };

  if (q.isPending)
    return (
      <PageFrame title="Update Background Questions">
        <Spinner />
      </PageFrame>
    );

  return (
    <PageFrame title="Update Background Questions">
      <div className={`${styles.card} ${styles.backgroundCard}`}>
        {q.isError && <Alert>{FAILED}</Alert>}
        <p className={styles.muted}>Keep your answers current. Answering yes does not by itself disqualify you; we may ask for a short statement.</p>
        <BackgroundQuestionList answers={a} onAnswer={set} portalName="portal" />
        {status === 'saved' && (
          <Alert tone="success">
            <strong>Background Questions Updated</strong>
          </Alert>
        )}
        {status === 'failed' && <Alert>{FAILED}</Alert>}
        <div className={styles.saveBar}>
          <Button onClick={save} disabled={!complete || busy}>
            {mobile ? 'Save Responses' : 'Save Background Questions'}
          </Button>
        </div>
      </div>
    </PageFrame>
  );
}
