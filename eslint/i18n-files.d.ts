// Types of i18n-files.js, for the test that imports it.
export declare const I18N_FILES: string[];
