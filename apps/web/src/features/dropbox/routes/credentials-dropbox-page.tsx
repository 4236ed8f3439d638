import { PageFrame } from '../../../components/layout/page.tsx';

/** Placeholder until the dropbox feature lands. */
export default function CredentialsDropboxPage() {
  return <PageFrame title="Credentials Dropbox" />;
}
