package org.dtp.rest;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtensionSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

import static javax.ws.rs.core.MediaType.APPLICATION_JSON;

/**
 * The OpenAPI 3.0 document of API v1, written by hand (openapi.json beside this class). A unit test
 * checks that it names every resource method, so it cannot silently fall behind the code.
 */
@Component(service = OpenApiResource.class)
@JaxrsResource
@JaxrsExtensionSelect(ApiAuthenticationFilter.SELECT)
@JSONRequired
@Path("/api/v1/openapi.json")
@Produces(APPLICATION_JSON)
public final class OpenApiResource {
    static final String DOCUMENT = "openapi.json";

    private final byte[] document;

    public OpenApiResource() {
        this.document = load();
    }

    static byte[] load() {
        try (InputStream in = OpenApiResource.class.getResourceAsStream(DOCUMENT)) {
            if (in == null) {
                throw new IllegalStateException(DOCUMENT + " is missing from the bundle");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @GET
    public byte[] get() {
        return document.clone();
    }
}
