import { useEffect } from 'react';
import { DOCUMENT_TITLE_MAX, documentNameFormSchema } from '@hcp/contracts';
import { Modal } from '../../../components/ui/modal.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Form, fieldError, useZodForm } from '../../../components/ui/form.tsx';
import styles from './dropbox.module.css';

export interface NameDocumentModalProps {
  open: boolean;
  fileName: string;
  preview: string | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (title: string) => void;
}

/** 'Name Your Document': the label the document is listed under. */
export function NameDocumentModal({ open, fileName, preview, saving, onCancel, onSave }: NameDocumentModalProps) {
  // Checked when saved; typing clears the message.
  const form = useZodForm(documentNameFormSchema, {
    defaultValues: { documentTitle: fileName.replace(/\.[^.]+$/, '').slice(0, DOCUMENT_TITLE_MAX) },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const title = form.watch('documentTitle');
  const titleField = form.register('documentTitle');
  // The dialog opens on the name to type, not on its close button: this runs after the dialog is shown (its own
  // effect runs first), where the input's autoFocus came too early.
  const { setFocus } = form;
  useEffect(() => {
    if (open) setFocus('documentTitle', { shouldSelect: true });
  }, [open, setFocus]);
  return (
    <Modal open={open} onClose={onCancel} title="Name Your Document" dismissable={!saving}>
      <Form form={form} onSubmit={({ documentTitle }) => onSave(documentTitle)} noValidate>
        {preview ? (
          <img className={styles.preview} src={preview} alt={`Preview of ${fileName}`} />
        ) : (
          // Word files, and files too large or too slow to draw, are stored without a preview.
          <p className={styles.fileName}>No preview is available for this file.</p>
        )}
        <p className={styles.fileName}>{fileName}</p>
        <TextField
          label="Document Name"
          required
          maxLength={DOCUMENT_TITLE_MAX}
          error={fieldError(form, 'documentTitle')}
          {...titleField}
          onChange={(e) => {
            form.clearErrors('documentTitle');
            return titleField.onChange(e);
          }}
        />
        <div className={styles.modalActions}>
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving || !title.trim()}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
