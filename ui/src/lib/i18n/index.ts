export { addEnglish, BUILT_IN_LANGUAGES, ENGLISH, ENTRY_NAMESPACES, loadBuiltInCatalogue, type Catalogue, type Messages } from './catalogue';
export { I18nProvider, interpolate, useLanguage, useT, useTList, type Language, type Translate, type Vars } from './i18n-context';
export { applyDocumentLanguage, chooseLanguage, languageName } from './language-choice';
export { LanguageProvider, loadStartLanguage, preloadStartLanguage, type LanguageSettings } from './language-provider';
export { Placed, Rich } from './placed';
