import { useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/layout/page.tsx';
import { Card } from '../../../components/ui/feedback.tsx';
import { SearchForm } from '../components/search-form.tsx';
import { readSearchParams, toSearchString } from '../lib/search-params.ts';

/** The job search form; submits to /job-search, or to the URL given in `action` (same-site paths only). */
export default function SearchFormPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requested = params.get('action') ?? '';
  const action = requested.startsWith('/') && !requested.startsWith('//') ? requested : '/job-search';
  return (
    <PageFrame title="Search Jobs">
      <Card>
        <SearchForm
          initial={readSearchParams(params)}
          submitLabel="Search for Jobs"
          action={action}
          onSubmit={(v) => navigate(`${action}?${toSearchString(v)}`)}
        />
      </Card>
    </PageFrame>
  );
}
