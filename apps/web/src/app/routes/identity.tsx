import { IdentityPage } from '../../features/account/components/identity-page';
import { uploadFile } from '../../features/uploads/api/upload-file';
import { useDocumentTitle } from '../../lib/use-document-title';

export function IdentityRoute() {
  useDocumentTitle('Identity');
  return (
    <section className="container-page flex flex-col gap-6 py-10 sm:py-14">
      <IdentityPage upload={(file, onProgress) => uploadFile(file, onProgress)} />
    </section>
  );
}
