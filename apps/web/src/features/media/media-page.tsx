import { PageHeader } from '../../components/ui/page-header';

export function MediaPage() {
  return <PageHeader title="My Media" subtitle="Every photo and video you kept." />;
}
