import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { formatDate, jobTitle, type ContractDocument, type SignedContractDocument } from '@hcp/contracts';
import { PageFrame } from '../../../components/layout/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, EmptyState, Spinner } from '../../../components/ui/feedback.tsx';
import { CONTRACT_SIGNED_MESSAGE, justSignedContract, openSignedContract } from '../../../lib/signed-contract.ts';
import { openTrsDocument, useDocumentsAndSignatures } from '../api/documents.ts';
import styles from '../documents.module.css';

/** Signing times are shown in Central Time, marked CT, whatever the viewer's own time zone. */
function centralTime(iso: string): string {
  return `${new Date(iso).toLocaleString('en-US', { timeZone: 'America/Chicago', month: '2-digit', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit' })} CT`;
}

function Section({ id, title, children, empty }: { id: string; title: string; children: ReactNode; empty: boolean }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {empty ? <EmptyState>No documents to display</EmptyState> : <ul className={styles.list}>{children}</ul>}
    </section>
  );
}

function ContractLine({ d }: { d: ContractDocument }) {
  return (
    <>
      <span className={styles.docTitle}>
        {d.documentTitle} #{d.contractNum}
      </span>
      <span className={styles.muted}>
        {jobTitle(d.profession, d.specialty)} · {d.facilityName}, {d.city}, {d.state} · {formatDate(d.startDate)} -{' '}
        {formatDate(d.endDate)}
      </span>
    </>
  );
}

export default function EDocumentsPage() {
  const docs = useDocumentsAndSignatures();
  const navigate = useNavigate();
  const justSigned = justSignedContract(useLocation().state) !== null;
  const [fileError, setFileError] = useState(false);
  const open = (opening: Promise<void>) => {
    setFileError(false);
    opening.catch(() => setFileError(true));
  };
  const signed = (d: SignedContractDocument) => (
    <li key={d.contractId} className={styles.item}>
      <div className={styles.text}>
        <ContractLine d={d} />
        <span className={styles.muted}>Signed {centralTime(d.dateTimeSigned)}</span>
      </div>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => open(openSignedContract(d.contractNum, d.documentMasterId))}
        aria-label={`View ${d.documentTitle} #${d.contractNum}`}
      >
        View Document
      </Button>
    </li>
  );
  return (
    <PageFrame title="E-Documents & Signatures">
      {justSigned && <Alert tone="success">{CONTRACT_SIGNED_MESSAGE}</Alert>}
      {fileError && <Alert>Something went wrong when opening the file.</Alert>}
      {docs.isPending && <Spinner />}
      {docs.isError && <Alert>Something went wrong when retrieving files.</Alert>}
      {docs.data && (
        <div className={styles.sections}>
          <Section
            id="docs-waiting"
            title="Contract Documents Waiting to be Signed"
            empty={docs.data.signableDocuments.length === 0}
          >
            {docs.data.signableDocuments.map((d) => (
              <li key={d.contractId} className={styles.item}>
                <div className={styles.text}>
                  <ContractLine d={d} />
                </div>
                <Button
                  size="sm"
                  onClick={() =>
                    navigate('/review-and-sign-contract', {
                      state: {
                        contractId: d.contractId,
                        documentMasterId: d.documentMasterId,
                        returnLocation: '/e-documents-and-signatures',
                      },
                    })
                  }
                  aria-label={`Review and sign ${d.documentTitle} #${d.contractNum}`}
                >
                  Review &amp; Sign
                </Button>
              </li>
            ))}
          </Section>
          <Section
            id="docs-current"
            title="Signed Contract Documents for Your Current and Future Assignments"
            empty={docs.data.signedDocumentsForCurrentAssignment.length === 0}
          >
            {docs.data.signedDocumentsForCurrentAssignment.map(signed)}
          </Section>
          <Section
            id="docs-past"
            title="Signed Contract Documents from Previous Assignments"
            empty={docs.data.signedDocumentsForPastAssignments.length === 0}
          >
            {docs.data.signedDocumentsForPastAssignments.map(signed)}
          </Section>
          <Section
            id="docs-trs"
            title="Signed TRS Employment Documents"
            empty={docs.data.signedTrsDocuments.length === 0}
          >
            {docs.data.signedTrsDocuments.map((d) => (
              <li key={d.signatureTypeId} className={styles.item}>
                <div className={styles.text}>
                  <span className={styles.docTitle}>{d.name}</span>
                  <span className={styles.muted}>Signed {centralTime(d.dateTimeSigned)}</span>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => open(openTrsDocument(d.signatureTypeId))}
                  aria-label={`View ${d.name}`}
                >
                  View Document
                </Button>
              </li>
            ))}
          </Section>
        </div>
      )}
    </PageFrame>
  );
}
