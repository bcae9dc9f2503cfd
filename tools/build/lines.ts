/** What the build tells whoever runs it, in French. */
export const buildLines = {
  simulationBuild:
    'Attention : site construit sans VITE_CONTACT_ENDPOINT, le formulaire de contact simule l’envoi et les messages ne partent nulle part. Pour les recevoir, lancez npm start ou lisez docs/operations.md (« Contact form delivery »).',
};
