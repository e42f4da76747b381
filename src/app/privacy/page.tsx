import { PrivacyDocument, legalDocumentMetadata } from "../services/legal-documents";

export const generateMetadata = () => legalDocumentMetadata("privacy");

export default PrivacyDocument;
