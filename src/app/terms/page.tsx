import { TermsDocument, legalDocumentMetadata } from "../services/legal-documents";

export const generateMetadata = () => legalDocumentMetadata("terms");

export default TermsDocument;
