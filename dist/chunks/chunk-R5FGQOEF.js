//# allFunctionsCalledOnLoad
function t(e){switch(e.type){case"current-user":return"The command does not carry the logged-in user's session: Kite's host adds it when it relays the request.";case"impersonate":return`The command does not impersonate user ${e.userId||"(no ID)"}: only Kite's host can.`;default:return null}}export{t as a};
