import { PageHeader } from '../../components/ui/page-header';

export function MediaFormPage() {
  return <PageHeader title="Create AI Media" subtitle="Generate photos and videos of your Bae." />;
}
