package org.dtp.rest;

import org.dtp.receipts.ReceiptCheck;
import org.dtp.receipts.Receipts;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtensionSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import javax.ws.rs.Consumes;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;

import static javax.ws.rs.core.MediaType.APPLICATION_JSON;

/**
 * The server's receipt signing keys, public (GET {@code keys}: a JWK set, no authentication, so anyone can check a
 * receipt offline with any JOSE library), and a check of a receipt's signature for signed-in users (POST
 * {@code verification}: the receipt as {@code application/jose}, or JSON {@code {"receipt": "..."}}), within the API's
 * body limit; larger receipts are checked offline.
 */
@Component(service = ReceiptKeyResource.class)
@JaxrsResource
@JaxrsExtensionSelect(ApiAuthenticationFilter.SELECT)
@JSONRequired
@javax.ws.rs.Path("/api/v1/receipts")
public final class ReceiptKeyResource {
    static final String JWK_SET = "application/jwk-set+json";

    private final Receipts receipts;

    @Activate
    public ReceiptKeyResource(@Reference Receipts receipts) {
        this.receipts = receipts;
    }

    /** The body of a JSON check. */
    public record ReceiptBody(String receipt) {
    }

    @GET
    @javax.ws.rs.Path("keys")
    @Produces({JWK_SET, APPLICATION_JSON})
    public Response keys() {
        return Response.ok(receipts.keySet()).header("Cache-Control", "public, max-age=300").build();
    }

    @POST
    @javax.ws.rs.Path("verification")
    @Consumes(APPLICATION_JSON)
    @Produces(APPLICATION_JSON)
    public ReceiptCheck verify(@Context SecurityContext security, ReceiptBody body) {
        ApiCaller.of(security); // signed-in users only: a 401 otherwise, should the filter ever let one through
        if (body == null || body.receipt() == null || body.receipt().isBlank()) {
            throw ApiProblem.invalidRequest("The body needs the receipt: {\"receipt\": \"<JWS as downloaded>\"}.");
        }
        return receipts.check(body.receipt());
    }

    @POST
    @javax.ws.rs.Path("verification")
    @Consumes({ReceiptResource.JOSE, "text/plain"})
    @Produces(APPLICATION_JSON)
    public ReceiptCheck verifyJose(@Context SecurityContext security, String receipt) {
        return verify(security, new ReceiptBody(receipt));
    }
}
