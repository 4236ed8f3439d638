import { applicationMessages } from '@hcp/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';

// Apart from the step frame: a page that only shows this modal (Get Started) does not load the form library with it.
/** The 'Something went wrong...' modal of a failed step save: the clinician closes it and tries Next again. */
export function ErrorModal({
  open,
  onClose,
  message = applicationMessages.somethingWrong,
}: {
  open: boolean;
  onClose: () => void;
  message?: string;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={applicationMessages.somethingWrongTitle}
      size="sm"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <p>{message}</p>
    </Modal>
  );
}
