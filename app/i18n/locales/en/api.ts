// Texts of the JSON API (spec section 7). The API answers in English; Bangla is kept for app clients that show them.
export default {
  unauthenticated: "Unauthenticated.",
  forbidden: "This action is unauthorized.",
  methodNotAllowed: "The {{method}} method is not supported for this route. Supported methods: {{allow}}.",
  malformedJson: "The request body is not valid JSON.",
  bodyNotObject: "The request body must be a JSON object.",
  malformedForm: "The form data could not be read.",
  nulCharacter: "The request body may not contain NUL characters.",
  unsupportedMediaType: "Send the body as JSON or as form data.",
  payloadTooLarge: "The request body is too large.",
  invalidValue: "This value is not valid.",
  registrationSuccessful: "Registration Successful!",
  exchange: {
    unknownSport: "sport must be cricket, soccer or tennis.",
    marketNotFound: "No such market.",
    eventNotFound: "No such event.",
    invalidId: "The id must be a positive whole number.",
  },
};
