import { PageHeader } from '@/components/page-header';

// Built by its own issue; until then the screen shows only its heading, never invented data.
export default function Page() {
  return <PageHeader title="Create New SOP" />;
}
