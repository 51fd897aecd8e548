// The API's path prefixes, written once: the server mounts its routes from these and the
// web client and tests call them (spec section 7 keeps the legacy controller names).

export const JOURNEY_CONTROLLER = '/Api/Website/RepeatInstantJourneyController';
/** The single journey endpoint: every event_name is posted here. */
export const JOURNEY_PATH = `${JOURNEY_CONTROLLER}/appCustomerRegisteration`;
export const MASTER_CONTROLLER = '/Api/MasterController';
export const BLOG_CONTROLLER = '/Api/Website/BlogsController';
export const ENQUIRY_CONTROLLER = '/Api/EnquiryController';
/** Spec section 7 shows the captcha call under /index.php; both prefixes answer. */
export const ENQUIRY_CONTROLLER_LEGACY = '/index.php/Api/EnquiryController';
/** The eSign provider's webhook lives here. */
export const ESIGN_API = '/Api/esign';
/** Where the eSign provider sends the browser back. */
export const ESIGN_PAGES = '/esign';
/** DigiLocker's redirect back to us after eKYC. */
export const DIGILOCKER_CALLBACK_PATH = '/ekyc/digilocker/callback';

/** The machine-readable contract and its reference page. */
export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';
