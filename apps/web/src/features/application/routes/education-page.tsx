import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  applicationMessages,
  degreeFormSchema,
  formatDegreeDate,
  isFutureMonthYear,
  parseDegreeDate,
  type Degree,
  type DegreeFormValues,
} from '@hcp/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { boundSelect, fieldError, filtered, useFormValid, useZodForm } from '../../../components/ui/form.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { clearStepDraft, hasStepDraft } from '../../../lib/step-drafts.ts';
import { useStepDraft } from '../../../lib/use-step-draft.ts';
import { ErrorModal } from '../components/error-modal.tsx';
import { StepFrame, StepLoading } from '../components/step-frame.tsx';
import { saveDegree, useDegreeFields, useDegrees, useDegreeTypes } from '../api/forms.ts';
import layout from '../../../components/forms/form-layout.module.css';
import styles from '../components/application.module.css';

interface Draft {
  key: string;
  degreeId: number | null;
  degreeTypeId: number;
  degreeFieldId: number;
  school: string;
  location: string;
  degreeDate: string;
  verified: boolean;
  editing: boolean;
}
let seq = 0;
const blank = (): Draft => ({
  key: `new-${++seq}`,
  degreeId: null,
  degreeTypeId: 0,
  degreeFieldId: 0,
  school: '',
  location: '',
  degreeDate: '',
  verified: false,
  editing: true,
});
const fromDegree = (d: Degree): Draft => ({ key: `d-${d.degreeId}`, ...d, editing: false });
/** The stored draft of a record being edited (what was typed before a reload): by its id, or 'new'. */
const draftKey = (d: Pick<Draft, 'degreeId'>) => `/education-info#${d.degreeId ?? 'new'}`;

/** /education-info: degree records, each saved on its own. */
export default function EducationPage() {
  const q = useDegrees();
  const types = useDegreeTypes();
  const fields = useDegreeFields();
  const qc = useQueryClient();
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const owner = useAuth().user.email;
  useEffect(() => {
    if (!q.data || drafts !== null) return;
    if (!q.data.length) return setDrafts([blank()]);
    // A record left half-edited (before a reload) opens again with what was typed.
    const saved = q.data.map((d) => ({ ...fromDegree(d), editing: hasStepDraft(draftKey(d), owner) }));
    const editingOne = saved.findIndex((d) => d.editing);
    const one = saved.map((d, i) => ({ ...d, editing: i === editingOne }));
    setDrafts(
      hasStepDraft(draftKey({ degreeId: null }), owner)
        ? [blank(), ...one.map((d) => ({ ...d, editing: false }))]
        : one,
    );
  }, [q.data, drafts, owner]);
  if (!drafts) return <StepLoading />;
  const update = (key: string, patch: Partial<Draft>) =>
    setDrafts((l) => l!.map((d) => (d.key === key ? { ...d, ...patch } : d)));
  const savedCount = drafts.filter((d) => d.degreeId !== null).length;
  const editing = drafts.some((d) => d.editing);
  const reload = () => qc.invalidateQueries({ queryKey: ['application', 'degrees'] });

  const save = async (
    d: Draft,
    values: Omit<Degree, 'degreeId' | 'deleted' | 'verified' | 'degreeType' | 'degreeField'>,
  ) => {
    setBusy(true);
    try {
      const { degreeId } = await saveDegree({ degreeId: d.degreeId, ...values, deleted: false });
      clearStepDraft(draftKey(d));
      const parsed = parseDegreeDate(values.degreeDate)!;
      update(d.key, { ...values, degreeId, editing: false, degreeDate: formatDegreeDate(parsed.month, parsed.year) });
      await reload();
    } catch {
      setFailed(applicationMessages.somethingWrong);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (d: Draft, typed: DegreeFormValues = d) => {
    clearStepDraft(draftKey(d));
    if (d.degreeId === null) {
      setDrafts((l) => l!.filter((x) => x.key !== d.key));
      return;
    }
    setBusy(true);
    try {
      await saveDegree({ degreeId: d.degreeId, ...pickDegree(typed), deleted: true });
      setDrafts((l) => l!.filter((x) => x.key !== d.key));
      await reload();
    } catch {
      setFailed(applicationMessages.somethingWrong);
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepFrame
      canProceed={savedCount > 0 && !editing}
      actions={
        <div>
          <Button variant="secondary" onClick={() => setDrafts((l) => [blank(), ...l!])} disabled={editing || busy}>
            New Record
          </Button>
        </div>
      }
    >
      <p>List your nursing or clinical degrees and diplomas, most recent first.</p>
      {drafts.map((d, i) => {
        const title = `Education ${drafts.length - i}`;
        const typeName = types.data?.find((t) => t.degreeTypeId === d.degreeTypeId)?.name ?? '';
        const fieldName = fields.data?.find((t) => t.degreeFieldId === d.degreeFieldId)?.name ?? '';
        const canDelete = !d.verified && drafts.length > 1;
        return (
          <section key={d.key} className={styles.card} aria-label={title}>
            <div className={styles.cardHeader}>
              <h2>{title}</h2>
              {d.verified && <span className={styles.verified}>✓ Verified</span>}
            </div>
            {d.editing ? (
              <DegreeForm
                draft={d}
                types={types.data ?? []}
                fields={fields.data ?? []}
                busy={busy}
                canDelete={canDelete}
                onSave={(values) => save(d, values)}
                onDelete={(typed) => remove(d, typed)}
              />
            ) : (
              <>
                <dl className={styles.summary}>
                  <dt>Degree</dt>
                  <dd>{typeName}</dd>
                  <dt>Field</dt>
                  <dd>{fieldName}</dd>
                  <dt>School</dt>
                  <dd>{d.school}</dd>
                  <dt>Location</dt>
                  <dd>{d.location}</dd>
                  <dt>{isFutureMonthYear(d.degreeDate, new Date()) ? 'Expected graduation' : 'Graduated'}</dt>
                  <dd>{d.degreeDate}</dd>
                </dl>
                {d.verified && <p className={styles.muted}>{applicationMessages.degreeVerified}</p>}
                <div className={styles.row}>
                  <Button
                    variant="secondary"
                    onClick={() => update(d.key, { editing: true })}
                    disabled={busy || editing || d.verified}
                  >
                    Edit Record
                  </Button>
                  <Button variant="ghost" onClick={() => remove(d)} disabled={busy || !canDelete}>
                    Delete Record
                  </Button>
                </div>
              </>
            )}
          </section>
        );
      })}
      <ErrorModal open={!!failed} onClose={() => setFailed(null)} />
    </StepFrame>
  );
}

const pickDegree = ({ degreeTypeId, degreeFieldId, school, location, degreeDate }: DegreeFormValues) => ({
  degreeTypeId,
  degreeFieldId,
  school,
  location,
  degreeDate,
});

/** The fields of the degree being edited; the graduation date is named wrong once six characters are typed. */
function DegreeForm({
  draft,
  types,
  fields,
  busy,
  canDelete,
  onSave,
  onDelete,
}: {
  draft: Draft;
  types: { degreeTypeId: number; name: string }[];
  fields: { degreeFieldId: number; name: string }[];
  busy: boolean;
  canDelete: boolean;
  onSave: (values: DegreeFormValues) => void;
  onDelete: (typed: DegreeFormValues) => void;
}) {
  const schema = useMemo(() => degreeFormSchema(), []);
  const form = useZodForm(schema, { defaultValues: pickDegree(draft), mode: 'onChange' });
  useStepDraft(form, draftKey(draft));
  const complete = useFormValid(form);
  const id = { setValueAs: (v: string) => Number(v) || 0 };
  return (
    <>
      <div className={layout.grid}>
        <SelectField label="Degree Type" required {...boundSelect(form, 'degreeTypeId', id, 0)}>
          <option value="">Select...</option>
          {types.map((t) => (
            <option key={t.degreeTypeId} value={t.degreeTypeId}>
              {t.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Field of Study" required {...boundSelect(form, 'degreeFieldId', id, 0)}>
          <option value="">Select...</option>
          {fields.map((t) => (
            <option key={t.degreeFieldId} value={t.degreeFieldId}>
              {t.name}
            </option>
          ))}
        </SelectField>
        <TextField label="School" required maxLength={200} {...form.register('school')} />
        <TextField label="Location" required placeholder="City, State" maxLength={200} {...form.register('location')} />
        <TextField
          label="Graduation Date"
          required
          placeholder="MM/YYYY"
          inputMode="numeric"
          maxLength={7}
          error={fieldError(form, 'degreeDate')}
          {...filtered(form.register('degreeDate'), (t) => t.replace(/[^\d/]/g, ''))}
        />
      </div>
      <div className={styles.row}>
        <Button onClick={() => void form.handleSubmit(onSave)()} disabled={busy || !complete}>
          Save Record
        </Button>
        <Button variant="ghost" onClick={() => onDelete(form.getValues())} disabled={busy || !canDelete}>
          Delete Record
        </Button>
      </div>
    </>
  );
}
