import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  DEFAULT_CERTIFICATION_TYPE_ID,
  STEP,
  applicationFormMessages,
  applicationMessages,
  certificationFileExtensions,
  certificationFormSchema,
  formatDate,
  isCertificationExpired,
  localIsoDate,
  type Certification,
  type CertificationFormValues,
} from '@hcp/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DatePicker } from '../../../components/ui/date-picker.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { boundSelect, fieldError, useFormValid, useZodForm } from '../../../components/ui/form.tsx';
import { StepFrame, StepLoading } from '../components/step-frame.tsx';
import { userMessage } from '../../../lib/error-messages.ts';
import { clearStepDraft, draftedRecords } from '../../../lib/step-drafts.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useStepDraft } from '../../../lib/use-step-draft.ts';
import { useBreakpoint } from '../../../lib/use-media-query.ts';
import { PhotoCapture } from '../../../components/ui/photo-capture.tsx';
import {
  openCertificationFile,
  saveCertification,
  useCertifications,
  useCertificationTypes,
} from '../api/employment.ts';
import { updateStep } from '../api/steps.ts';
import layout from '../../../components/forms/form-layout.module.css';
import styles from '../components/application.module.css';

interface Card {
  key: string;
  certId: number | null;
  certificationTypeId: number | null;
  certificationType: string;
  expirationDate: string;
  issuedBy: string;
  createdOrder: number;
  verified: boolean;
  hasFile: boolean;
  error: string | null;
}
type CertificationType = { certTypeId: number; certName: string; hasExpireDate: boolean; canAttachCert: boolean };
let seq = 0;
const blankCard = (typeId: number | null, createdOrder: number): Card => ({
  key: `new-${++seq}`,
  certId: null,
  certificationTypeId: typeId,
  certificationType: '',
  expirationDate: '',
  issuedBy: '',
  createdOrder,
  verified: false,
  hasFile: false,
  error: null,
});
const fromCert = (c: Certification): Card => ({
  key: `c-${c.certId}`,
  certId: c.certId,
  certificationTypeId: c.certificationTypeId,
  certificationType: c.certificationType,
  expirationDate: c.expirationDate ?? '',
  issuedBy: c.issuedBy ?? '',
  createdOrder: c.createdOrder,
  verified: c.verified,
  hasFile: c.hasFile,
  error: null,
});

/**
 * Two cards to start with (type 1 with order 1, a blank with order 0), so a clinician with one certification still
 * sees where to add the next; then a card for each certification added in the browser whose draft is kept
 * (`drafted`: the places of drafted cards), so a reload brings back every card that was being filled in.
 */
function initialCards(list: Certification[], drafted: number[]): Card[] {
  const saved = list.map(fromCert);
  const cards =
    saved.length === 0
      ? [blankCard(DEFAULT_CERTIFICATION_TYPE_ID, 1), blankCard(null, 0)]
      : saved.length === 1
        ? [...saved, blankCard(null, 0)]
        : saved;
  const places = new Set(cards.map((c) => c.createdOrder));
  for (const order of drafted) if (!places.has(order)) cards.push(blankCard(null, order));
  return cards.sort((a, b) => b.createdOrder - a.createdOrder);
}

/** The places of the certification cards with a kept draft (`new-3` → 3). */
const draftedPlaces = (owner: string) =>
  draftedRecords('/certifications', owner)
    .map((r) => /^new-(\d{1,6})$/.exec(r)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);

/**
 * The stored draft of a certification not saved yet: by its place in the list, which the initial cards keep across a
 * reload. The chosen file is not kept (the browser cannot store it): it is chosen again.
 */
const draftKey = (c: Pick<Card, 'createdOrder'>) => `/certifications#new-${c.createdOrder}`;

const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });

/** /certifications: certification cards, newest first. */
export default function CertificationsPage() {
  const q = useCertifications();
  const types = useCertificationTypes();
  const qc = useQueryClient();
  const { user, userLoaded } = useAuth();
  const owner = user.email.toLowerCase();
  const [cards, setCards] = useState<Card[] | null>(null);
  const [busy, setBusy] = useState(false);
  /** The saved certification whose deletion waits for the clinician's confirmation. */
  const [confirming, setConfirming] = useState<Card | null>(null);
  useEffect(() => {
    // Drafts are the signed-in clinician's: the cards wait for who that is.
    if (q.data && cards === null && userLoaded) setCards(initialCards(q.data, owner ? draftedPlaces(owner) : []));
  }, [q.data, cards, owner, userLoaded]);
  if (!cards || !types.data) return <StepLoading />;
  const set = (key: string, patch: Partial<Card>) =>
    setCards((l) => l!.map((c) => (c.key === key ? { ...c, ...patch } : c)));
  const anyUnsaved = cards.some((c) => c.certId === null);
  const savedCount = cards.filter((c) => c.certId !== null).length;

  const save = async (c: Card, v: z.output<typeof certificationFormSchema>) => {
    setBusy(true);
    set(c.key, { error: null });
    try {
      const type = types.data.find((t) => t.certTypeId === v.certificationTypeId);
      const chosen = v.file as File | null;
      const file =
        chosen && type?.canAttachCert
          ? { content: await readBase64(chosen), extension: chosen.name.split('.').pop() ?? '' }
          : null;
      await saveCertification({
        certId: c.certId,
        certificationTypeId: v.certificationTypeId!,
        expirationDate: type?.hasExpireDate ? v.expirationDate : null,
        issuedBy: v.issuedBy.trim() || null,
        deleted: false,
        file,
      });
      clearStepDraft(draftKey(c));
      // The list is reloaded after a save; unsaved cards stay as they are.
      const fresh = (await q.refetch()).data ?? [];
      setCards((l) =>
        [...fresh.map(fromCert), ...l!.filter((x) => x.certId === null && x.key !== c.key)].sort(
          (a, b) => b.createdOrder - a.createdOrder,
        ),
      );
    } catch (e) {
      set(c.key, { error: userMessage(e) ?? applicationMessages.certificationFailed });
    } finally {
      setBusy(false);
    }
  };
  const remove = async (c: Card, typed: Pick<Card, 'certificationTypeId' | 'expirationDate'> = c) => {
    if (c.certId === null) {
      clearStepDraft(draftKey(c));
      setCards((l) => l!.filter((x) => x.key !== c.key));
      return;
    }
    setBusy(true);
    try {
      await saveCertification({
        certId: c.certId,
        certificationTypeId: typed.certificationTypeId!,
        expirationDate: typed.expirationDate || null,
        deleted: true,
      });
      setCards((l) => l!.filter((x) => x.key !== c.key));
      await qc.invalidateQueries({ queryKey: ['application', 'certifications'] });
    } catch {
      set(c.key, { error: applicationMessages.somethingWrong });
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <StepFrame
      canProceed={savedCount > 0}
      onSave={() => updateStep(STEP.certifications, true)}
      intro={
        <div className={styles.cardHeader}>
          <p className={styles.muted} style={{ margin: 0, flex: 1 }}>
            Add your current certifications (BLS, ACLS, PALS...). Attach a copy when you have one:{' '}
            {certificationFileExtensions.join(', ')}, up to 30MB.
          </p>
          <Button
            variant="secondary"
            disabled={anyUnsaved || busy}
            onClick={() => setCards((l) => [blankCard(null, Math.max(0, ...l!.map((c) => c.createdOrder)) + 1), ...l!])}
          >
            New Record
          </Button>
        </div>
      }
    >
      {cards.map((c, i) => {
        const title = c.certId !== null ? c.certificationType : `Certification ${cards.length - i}`;
        const canDelete = cards.length > 1 && !c.verified;
        return (
          <section key={c.key} className={styles.card} aria-label={title}>
            <div className={styles.cardHeader}>
              <h2>{title}</h2>
              {c.verified && (
                <span className={styles.verified} aria-label="Verified">
                  ✓ Verified
                </span>
              )}
            </div>
            {c.certId !== null ? (
              <>
                <dl className={styles.summary}>
                  {c.issuedBy && (
                    <>
                      <dt>Issued by</dt>
                      <dd>{c.issuedBy}</dd>
                    </>
                  )}
                  <dt>Expires</dt>
                  <dd>
                    {c.expirationDate ? formatDate(c.expirationDate) : 'No expiration'}
                    {isCertificationExpired(c.expirationDate, localIsoDate()) && (
                      <span className={styles.expired}> Expired</span>
                    )}
                  </dd>
                  <dt>Document</dt>
                  <dd>
                    {c.hasFile ? (
                      <Button
                        variant="link"
                        onClick={() =>
                          void openCertificationFile(c.certId!).catch(() =>
                            set(c.key, { error: 'Something went wrong when opening the file.' }),
                          )
                        }
                      >
                        View file
                      </Button>
                    ) : (
                      'None attached'
                    )}
                  </dd>
                </dl>
                {c.verified && <p className={styles.muted}>{applicationMessages.certificationVerified}</p>}
                {c.error && <Alert>{c.error}</Alert>}
                <div className={styles.row}>
                  <Button variant="ghost" onClick={() => setConfirming(c)} disabled={busy || !canDelete}>
                    Delete Record
                  </Button>
                </div>
              </>
            ) : (
              <CertificationForm
                card={c}
                types={types.data}
                busy={busy}
                canDelete={canDelete}
                onSave={(v) => save(c, v)}
                onDelete={(typed) => remove(c, typed)}
                onFileChosen={() => c.error && set(c.key, { error: null })}
              />
            )}
          </section>
        );
      })}
      <ConfirmDialog
        open={confirming !== null}
        title="Delete Record"
        confirmLabel="Delete"
        pending={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void remove(confirming)}
      >
        <p>Delete your {confirming?.certificationType} certification? This cannot be undone.</p>
      </ConfirmDialog>
    </StepFrame>
  );
}

/** A certification not saved yet: its type, the expiration date its type asks for, the issuer and an optional copy. */
function CertificationForm({
  card,
  types,
  busy,
  canDelete,
  onSave,
  onDelete,
  onFileChosen,
}: {
  card: Card;
  types: CertificationType[];
  busy: boolean;
  canDelete: boolean;
  onSave: (v: z.output<typeof certificationFormSchema>) => void;
  onDelete: (typed: Pick<Card, 'certificationTypeId' | 'expirationDate'>) => void;
  /** A new file replaces the one a refusal was about: the refusal no longer applies. */
  onFileChosen: () => void;
}) {
  const initial: CertificationFormValues = {
    certificationTypeId: card.certificationTypeId,
    expirationDate: card.expirationDate,
    issuedBy: card.issuedBy,
    file: null,
  };
  // A refused file is named as soon as it is chosen.
  const form = useZodForm(certificationFormSchema, { defaultValues: initial, mode: 'onChange' });
  useStepDraft(form, draftKey(card), { omit: ['file'] });
  const complete = useFormValid(form);
  const type = types.find((t) => t.certTypeId === form.watch('certificationTypeId'));
  // A phone can photograph the card instead (several photos make one PDF).
  const phone = useBreakpoint('phone');
  return (
    <>
      <div className={layout.grid}>
        <SelectField
          label="Certification Type"
          required
          {...boundSelect(form, 'certificationTypeId', { setValueAs: (v: string) => Number(v) || null })}
        >
          <option value="">Select...</option>
          {types.map((t) => (
            <option key={t.certTypeId} value={t.certTypeId}>
              {t.certName}
            </option>
          ))}
        </SelectField>
        {type?.hasExpireDate && (
          <Controller
            control={form.control}
            name="expirationDate"
            render={({ field }) => (
              <div>
                <DatePicker
                  label="Expiration Date"
                  required
                  name={field.name}
                  value={field.value}
                  error={fieldError(form, 'expirationDate')}
                  onChange={field.onChange}
                />
                {/* An expired card is saved (the agency sees it), with a warning and marked expired. */}
                {isCertificationExpired(field.value, localIsoDate()) && (
                  <p className={layout.warning} role="status">
                    {applicationFormMessages.certificationExpired(formatDate(field.value))}
                  </p>
                )}
              </div>
            )}
          />
        )}
        <TextField
          label="Issued By"
          placeholder="e.g. American Heart Association"
          maxLength={200}
          {...form.register('issuedBy')}
        />
        {type?.canAttachCert && (
          <Controller
            control={form.control}
            name="file"
            render={({ field }) => (
              <>
                <TextField
                  className={layout.full}
                  label="Attach Certification (optional)"
                  type="file"
                  accept={certificationFileExtensions.map((e) => `.${e}`).join(',')}
                  hint="pdf, doc, docx, jpg, jpeg, png, gif, bmp or jfif; 30MB at most"
                  error={fieldError(form, 'file')}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  onChange={(e) => {
                    field.onChange(e.target.files?.[0] ?? null);
                    onFileChosen();
                  }}
                />
                {phone && (
                  <PhotoCapture
                    documentName={type.certName}
                    onFile={(file) => {
                      field.onChange(file);
                      onFileChosen();
                    }}
                  />
                )}
              </>
            )}
          />
        )}
      </div>
      {card.error && <Alert>{card.error}</Alert>}
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
