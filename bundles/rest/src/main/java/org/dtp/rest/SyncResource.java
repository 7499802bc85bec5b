package org.dtp.rest;

import org.dtp.rest.ApiModel.SyncBody;
import org.dtp.rest.ApiModel.SyncDetails;
import org.dtp.rest.ApiModel.SyncInfo;
import org.dtp.rest.ApiModel.TransferBody;
import org.dtp.rest.ApiModel.TransferSummary;
import org.dtp.transfer.InvalidTransferException;
import org.dtp.transfer.TransferRequest;
import org.dtp.transfer.sync.InvalidScheduleException;
import org.dtp.transfer.sync.NoSuchSyncException;
import org.dtp.transfer.sync.Schedule;
import org.dtp.transfer.sync.Sync;
import org.dtp.transfer.sync.SyncRequest;
import org.dtp.transfer.sync.SyncService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtensionSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import javax.ws.rs.Consumes;
import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static javax.ws.rs.core.MediaType.APPLICATION_JSON;

/**
 * Scheduled syncs: create, list, show with recent runs, pause, resume, delete. A sync's request is checked as a
 * transfer's (400, 422, 403, as {@link TransferResource}); a schedule that is malformed or not accepted is a 400 that
 * says why. Sign-ins named by the request are redeemed into the sync, whose runs keep using and renewing them.
 * Another user's sync is a 404; operators see every sync.
 */
@Component(service = SyncResource.class)
@JaxrsResource
@JaxrsExtensionSelect(ApiAuthenticationFilter.SELECT)
@JSONRequired
@Path("/api/v1/syncs")
@Produces(APPLICATION_JSON)
public final class SyncResource {
    /** Runs a sync's details list. */
    static final int RECENT_RUNS = 20;

    private final SyncService syncs;
    private final SignInClaims signIns;

    @Activate
    public SyncResource(@Reference SyncService syncs, @Reference SignInClaims signIns) {
        this.syncs = syncs;
        this.signIns = signIns;
    }

    @POST
    @Consumes(APPLICATION_JSON)
    public Response create(@Context SecurityContext security, SyncBody body) {
        ApiCaller caller = ApiCaller.of(security);
        if (body == null) {
            throw ApiProblem.invalidRequest("A JSON body is required: {\"vertical\", \"source\", \"destination\", "
                    + "and \"every\" or \"cron\"}.");
        }
        if (body.selection() != null) {
            // Said rather than ignored: the caller would otherwise believe each run copies only part of the source.
            throw ApiProblem.invalidRequest("A sync copies all of its source: \"selection\" is for one-off transfers "
                    + "(POST /api/v1/transfers).");
        }
        Schedule schedule = schedule(body);
        TransferRequest asked = TransferResource.toRequest(new TransferBody(body.vertical(), body.source(),
                body.destination(), null), caller.owner());
        caller.requireMayUse("source", asked.source().provider());
        caller.requireMayUse("destination", asked.destination().provider());
        Sync sync = signIns.use(caller, asked, request -> {
            try {
                return syncs.create(new SyncRequest(request, schedule));
            } catch (InvalidScheduleException e) {
                throw ApiProblem.invalidRequest(e.getMessage());
            } catch (InvalidTransferException e) {
                throw ApiProblem.invalidTransfer(e.getMessage());
            }
        });
        return Response.status(Response.Status.CREATED).header(HttpHeaders.LOCATION, "/api/v1/syncs/" + sync.id())
                .entity(SyncInfo.of(sync)).build();
    }

    /** The body's schedule: exactly one of {@code every} and {@code cron}; 400 otherwise. */
    static Schedule schedule(SyncBody body) {
        boolean every = body.every() != null && !body.every().isBlank();
        boolean cron = body.cron() != null && !body.cron().isBlank();
        if (every == cron) {
            throw ApiProblem.invalidRequest("A sync needs a schedule: \"every\" (an interval such as \"6h\", \"90m\" or "
                    + "\"PT6H\") or \"cron\" (a Quartz cron expression such as \"0 0 3 * * ?\"), not both.");
        }
        return every ? Schedule.every(interval(body.every().trim())) : Schedule.cron(body.cron());
    }

    private static Duration interval(String text) {
        try {
            return Schedule.interval(text);
        } catch (IllegalArgumentException e) {
            throw ApiProblem.invalidRequest("\"every\": " + e.getMessage() + ".");
        }
    }

    @GET
    public List<SyncInfo> list(@Context SecurityContext security) {
        ApiCaller caller = ApiCaller.of(security);
        List<Sync> found = caller.operator() ? syncs.list(0, TransferResource.MAX_LIMIT)
                : syncs.list(caller.name(), 0, TransferResource.MAX_LIMIT);
        return found.stream().map(SyncInfo::of).toList();
    }

    @GET
    @Path("{id}")
    public SyncDetails get(@Context SecurityContext security, @PathParam("id") String id) {
        Sync sync = visible(ApiCaller.of(security), id);
        return new SyncDetails(SyncInfo.of(sync),
                syncs.runs(sync.id(), 0, RECENT_RUNS).stream().map(TransferSummary::of).toList());
    }

    @POST
    @Path("{id}/pause")
    public SyncInfo pause(@Context SecurityContext security, @PathParam("id") String id) {
        return control(ApiCaller.of(security), id, syncs::pause);
    }

    @POST
    @Path("{id}/resume")
    public SyncInfo resume(@Context SecurityContext security, @PathParam("id") String id) {
        return control(ApiCaller.of(security), id, syncs::resume);
    }

    /** Deletes the sync, its sealed settings and its schedule, and revokes its grants; 204. */
    @DELETE
    @Path("{id}")
    public Response delete(@Context SecurityContext security, @PathParam("id") String id) {
        control(ApiCaller.of(security), id, uuid -> {
            syncs.delete(uuid);
            return null;
        });
        return Response.noContent().build();
    }

    private interface SyncOperation {
        Sync apply(UUID id) throws NoSuchSyncException;
    }

    /** Another user's sync is a 404, as if it did not exist, checked before the operation. */
    private SyncInfo control(ApiCaller caller, String id, SyncOperation operation) {
        Sync sync = visible(caller, id);
        try {
            Sync changed = operation.apply(sync.id());
            return changed == null ? null : SyncInfo.of(changed);
        } catch (NoSuchSyncException e) {
            throw notFound(id);
        }
    }

    /** The sync, when the caller may see it; else 404, as if it did not exist. */
    private Sync visible(ApiCaller caller, String id) {
        UUID uuid;
        try {
            uuid = UUID.fromString(id);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw notFound(id);
        }
        return syncs.sync(uuid).filter(caller::maySee).orElseThrow(() -> notFound(id));
    }

    private static ApiProblem notFound(String id) {
        return ApiProblem.notFound("There is no sync with id '" + id + "'.");
    }
}
