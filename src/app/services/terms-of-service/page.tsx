import { TermsDocument, legalDocumentMetadata } from "../legal-documents";

export const generateMetadata = () => legalDocumentMetadata("terms");

export default TermsDocument;
