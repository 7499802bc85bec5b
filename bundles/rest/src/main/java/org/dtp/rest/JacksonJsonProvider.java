package org.dtp.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.models.ModelJson;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtension;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsMediaType;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsName;

import javax.ws.rs.Consumes;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.MultivaluedMap;
import javax.ws.rs.core.StreamingOutput;
import javax.ws.rs.ext.MessageBodyReader;
import javax.ws.rs.ext.MessageBodyWriter;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;

import static javax.ws.rs.core.MediaType.APPLICATION_JSON;

/**
 * JSON for every resource of the API, with the models' mapper ({@link ModelJson#newObjectMapper()}):
 * ISO-8601 times, no nulls, unknown fields ignored. Our own extension rather than the
 * aries-jax-rs-whiteboard-jackson feature, whose Jackson version does not match the rest of the
 * container. A body that is not valid JSON, or not of the expected shape, ends in a 400 problem.
 * Raw types (String, byte[], streams) are left to the runtime's built-in providers.
 */
@Component(service = {MessageBodyReader.class, MessageBodyWriter.class})
@JaxrsExtension
@JaxrsName("dtp.json")
@JaxrsMediaType({APPLICATION_JSON, Problem.MEDIA_TYPE})
@Consumes({APPLICATION_JSON, Problem.MEDIA_TYPE})
@Produces({APPLICATION_JSON, Problem.MEDIA_TYPE})
public final class JacksonJsonProvider implements MessageBodyReader<Object>, MessageBodyWriter<Object> {

    /** Thread-safe once configured; shared with {@link #readOptional}. */
    private static final ObjectMapper MAPPER = ModelJson.newObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(JsonParser.Feature.AUTO_CLOSE_SOURCE)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    static boolean isJson(MediaType mediaType) {
        if (mediaType == null) {
            return false;
        }
        String sub = mediaType.getSubtype();
        return "application".equals(mediaType.getType()) && ("json".equals(sub) || sub.endsWith("+json"));
    }

    private static boolean isRaw(Class<?> type) {
        return type == String.class || type == byte[].class || InputStream.class.isAssignableFrom(type)
                || Reader.class.isAssignableFrom(type) || File.class.isAssignableFrom(type)
                || StreamingOutput.class.isAssignableFrom(type);
    }

    /** Reads JSON, and a body sent without a Content-Type (which the runtime sees as a wildcard) as JSON. */
    @Override
    public boolean isReadable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return (isJson(mediaType) || mediaType == null || mediaType.isWildcardType()) && !isRaw(type);
    }

    @Override
    public Object readFrom(Class<Object> type, Type genericType, Annotation[] annotations, MediaType mediaType,
                           MultivaluedMap<String, String> httpHeaders, InputStream entityStream) throws IOException {
        try {
            return MAPPER.readValue(entityStream, javaType(type, genericType));
        } catch (JsonProcessingException e) {
            throw ApiProblem.malformedBody(describe(e));
        }
    }

    /**
     * For a resource whose body is optional and that takes it raw ({@code byte[]}, so that the runtime
     * never hands an empty body to {@link #readFrom}): null for no body, an empty one, only whitespace
     * or JSON {@code null}; otherwise the body read as {@code type}, or a 400 problem like
     * {@link #readFrom}.
     */
    static <T> T readOptional(byte[] body, Class<T> type) {
        if (body == null || new String(body, StandardCharsets.UTF_8).isBlank()) {
            return null;
        }
        try {
            return MAPPER.readValue(body, type);
        } catch (JsonProcessingException e) {
            throw ApiProblem.malformedBody(describe(e));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code value} as JSON text, with the API's mapper: for the data of server-sent events. */
    static String toJson(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("not writable as JSON: " + value.getClass().getName(), e);
        }
    }

    @Override
    public boolean isWriteable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return isJson(mediaType) && !isRaw(type);
    }

    @Override
    public long getSize(Object o, Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return -1;
    }

    @Override
    public void writeTo(Object value, Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType,
                        MultivaluedMap<String, Object> httpHeaders, OutputStream entityStream) throws IOException {
        // The declared generic type keeps List<X> element types; a Response's entity has only its class.
        JavaType javaType = genericType == null || genericType == type ? null : javaType(type, genericType);
        if (javaType == null) {
            MAPPER.writeValue(entityStream, value);
        } else {
            MAPPER.writerFor(javaType).writeValue(entityStream, value);
        }
    }

    private JavaType javaType(Class<?> type, Type genericType) {
        return MAPPER.getTypeFactory().constructType(genericType != null ? genericType : type);
    }

    /** Jackson's message without the source it quotes, and where in the body it went wrong. */
    static String describe(JsonProcessingException e) {
        String message = e.getOriginalMessage();
        if (message == null || message.isBlank()) {
            message = "the body could not be read as JSON";
        }
        int newline = message.indexOf('\n');
        if (newline > 0) {
            message = message.substring(0, newline);
        }
        JsonLocation at = e.getLocation();
        if (at != null && at.getLineNr() > 0) {
            message += " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
        }
        return message;
    }
}
