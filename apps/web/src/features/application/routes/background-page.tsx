import type { z } from 'zod';
import {
  backgroundFormSchema,
  emptyBackgroundAnswers,
  normalizeBackground,
  type BackgroundAnswers,
} from '@hcp/contracts';
import { BackgroundQuestionList, backgroundFormMode } from '../../../components/forms/background-questions.tsx';
import { useFormValid, useZodForm } from '../../../components/ui/form.tsx';
import { useStepDraft } from '../../../lib/use-step-draft.ts';
import { StepFrame, StepLoading } from '../components/step-frame.tsx';
import { saveBackground, useBackground } from '../api/forms.ts';

/** /background-questions: the ten questions; Next waits until every shown one is answered. */
export default function BackgroundPage() {
  const q = useBackground();
  if (q.isPending) return <StepLoading />;
  return <BackgroundStep initial={q.data ?? emptyBackgroundAnswers} />;
}

function BackgroundStep({ initial }: { initial: BackgroundAnswers }) {
  const form = useZodForm(backgroundFormSchema, { defaultValues: initial, mode: backgroundFormMode });
  useStepDraft(form, '/background-questions');
  const complete = useFormValid(form);
  return (
    <StepFrame
      canProceed={complete}
      form={form}
      onSubmit={(a: z.output<typeof backgroundFormSchema>) => saveBackground(normalizeBackground(a))}
    >
      <p>
        Please answer every question. Answering yes does not by itself disqualify you; we may ask for a short statement.
      </p>
      <BackgroundQuestionList form={form} portalName="application" />
    </StepFrame>
  );
}
