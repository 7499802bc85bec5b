package org.dtp.rest;

import org.dtp.receipts.DestinationVerification;
import org.dtp.receipts.ItemCheck;
import org.dtp.receipts.VerificationException;
import org.dtp.transfer.IllegalJobStateException;
import org.dtp.transfer.NoSuchTransferException;
import org.dtp.transfer.ReportPage;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtensionSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import javax.ws.rs.Consumes;
import javax.ws.rs.POST;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;
import java.util.Map;

import static javax.ws.rs.core.MediaType.APPLICATION_JSON;

/**
 * Checks a page of an ended transfer's receipt against its destination now: each item present with the same bytes,
 * present, missing, changed or not checkable. A page is read on the request's thread, so it is bounded
 * ({@link DestinationVerification#MAX_PAGE} items); a {@code next} link leads on. The body may give the destination's
 * secret settings again (an ended transfer no longer keeps them): {@code {"settings": {"password": "..."}}}.
 * 404 for an unknown id or another user's transfer, 409 while it runs, 400 for a bad offset or limit, 422 when the
 * destination cannot be read back at all.
 */
@Component(service = VerificationResource.class)
@JaxrsResource
@JaxrsExtensionSelect(ApiAuthenticationFilter.SELECT)
@JSONRequired
@javax.ws.rs.Path("/api/v1/transfers/{id}/verification")
@Produces(APPLICATION_JSON)
public final class VerificationResource {
    static final int DEFAULT_LIMIT = 50;

    private final TransferService transfers;
    private final DestinationVerification verification;

    @Activate
    public VerificationResource(@Reference TransferService transfers, @Reference DestinationVerification verification) {
        this.transfers = transfers;
        this.verification = verification;
    }

    /** The body: the destination's secret settings, for this check only; may be absent. */
    public record VerificationBody(Map<String, String> settings) {
    }

    /** One receipt item as the destination has it now: SAME, PRESENT, MISSING, CHANGED or NOT_CHECKABLE. */
    public record CheckedItem(String sourceId, String destinationId, String status, String detail) {
        static CheckedItem of(ItemCheck check) {
            return new CheckedItem(check.sourceId(), check.destinationId(), check.status().name(), check.detail());
        }
    }

    @POST
    @Consumes(APPLICATION_JSON)
    public Response verify(@Context SecurityContext security, @PathParam("id") String id, @QueryParam("offset") String offset,
                           @QueryParam("limit") String limit, VerificationBody body) {
        TransferJob job = VisibleTransfers.require(transfers, ApiCaller.of(security), id);
        int from = TransferResource.intParam("offset", offset, 0, 0, Integer.MAX_VALUE);
        int count = TransferResource.intParam("limit", limit, DEFAULT_LIMIT, 1, DestinationVerification.MAX_PAGE);
        Map<String, String> settings = body == null || body.settings() == null ? Map.of() : body.settings();
        if (settings.values().stream().anyMatch(java.util.Objects::isNull)) {
            throw ApiProblem.invalidRequest("Every setting needs a value.");
        }
        ReportPage<ItemCheck> page;
        try {
            page = verification.verify(job.id(), settings, from, count);
        } catch (NoSuchTransferException e) {
            throw VisibleTransfers.notFound(id);
        } catch (IllegalJobStateException e) {
            throw ApiProblem.illegalState(e.getMessage());
        } catch (VerificationException e) {
            throw ApiProblem.notVerifiable(e.getMessage());
        }
        Response.ResponseBuilder response = Response.ok(ApiModel.Listing.of(page, CheckedItem::of));
        long next = (long) from + page.entries().size();
        if (!page.entries().isEmpty() && next < page.total()) {
            response.header("Link", "</api/v1/transfers/" + id + "/verification?offset=" + next + "&limit=" + count
                    + ">; rel=\"next\"");
        }
        return response.build();
    }
}
