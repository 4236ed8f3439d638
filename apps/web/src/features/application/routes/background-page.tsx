import { useEffect, useState } from 'react';
import { backgroundProblems, emptyBackgroundAnswers, needsInternationalApplication, normalizeBackground, type BackgroundAnswers } from '@hcp/contracts';
import { BackgroundQuestionList } from '../../../components/forms/background-questions.tsx';
import { Spinner } from '../../../components/ui/feedback.tsx';
import { StepFrame } from '../components/step-frame.tsx';
import { saveBackground, useBackground } from '../api/forms.ts';

/** /background-questions (spec 02 sections 4 and 5). */
export default function BackgroundPage() {
  const q = useBackground();
  const [a, setA] = useState<BackgroundAnswers>(emptyBackgroundAnswers);
  useEffect(() => {
    if (q.data) setA(q.data);
  }, [q.data]);
  const set = <K extends keyof BackgroundAnswers>(k: K, v: BackgroundAnswers[K]) => setA((s) => ({ ...s, [k]: v }));
  const international = needsInternationalApplication(a);
  const complete = backgroundProblems(a).length === 0 && !international;

  if (q.isPending) return <Spinner />;
  return (
    <StepFrame canProceed={complete} onSave={() => saveBackground(normalizeBackground(a))}>
      <p>Please answer every question. Answering yes does not by itself disqualify you; we may ask for a short statement.</p>
      <BackgroundQuestionList answers={a} onAnswer={set} portalName="application" />
    </StepFrame>
  );
}
