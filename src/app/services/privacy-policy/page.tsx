import { PrivacyDocument, legalDocumentMetadata } from "../legal-documents";

export const generateMetadata = () => legalDocumentMetadata("privacy");

export default PrivacyDocument;
