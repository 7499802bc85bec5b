package org.dtp.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;

import javax.ws.rs.HttpMethod;
import javax.ws.rs.Path;
import java.io.File;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The hand-written OpenAPI document must name every endpoint of the resource classes, found by
 * reflection over every class of this package, and nothing else; its references must resolve.
 */
public class OpenApiCoverageTest {
    private static final Pattern TEMPLATE = Pattern.compile("\\{\\s*(\\w[\\w.-]*)\\s*(:[^}]*)?}");

    private final JsonNode doc = readDocument();

    private static JsonNode readDocument() {
        try {
            return new ObjectMapper().readTree(OpenApiResource.load());
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    /** "GET /api/v1/transfers/{id}" for every resource method in org.dtp.rest. */
    static Set<String> endpointsInCode() throws Exception {
        File dir = new File(new File(TransferResource.class.getProtectionDomain().getCodeSource().getLocation().toURI()),
                TransferResource.class.getPackageName().replace('.', File.separatorChar));
        Set<String> endpoints = new TreeSet<>();
        for (String file : dir.list((d, name) -> name.endsWith(".class"))) {
            Class<?> type = Class.forName(TransferResource.class.getPackageName() + "."
                    + file.substring(0, file.length() - ".class".length()));
            Path classPath = type.getAnnotation(Path.class);
            if (classPath == null) {
                continue;
            }
            for (Method method : type.getDeclaredMethods()) {
                String httpMethod = httpMethod(method);
                if (httpMethod == null || !Modifier.isPublic(method.getModifiers())) {
                    continue;
                }
                Path methodPath = method.getAnnotation(Path.class);
                endpoints.add(httpMethod + " " + join(classPath.value(), methodPath == null ? "" : methodPath.value()));
            }
        }
        return endpoints;
    }

    private static String httpMethod(Method method) {
        for (Annotation a : method.getAnnotations()) {
            HttpMethod http = a.annotationType().getAnnotation(HttpMethod.class);
            if (http != null) {
                return http.value();
            }
        }
        return null;
    }

    private static String join(String base, String sub) {
        String path = ("/" + base + "/" + sub).replaceAll("/+", "/");
        if (path.length() > 1 && path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        return TEMPLATE.matcher(path).replaceAll("{$1}");
    }

    private Set<String> endpointsInDocument() {
        Set<String> endpoints = new TreeSet<>();
        doc.get("paths").fields().forEachRemaining(path -> path.getValue().fieldNames().forEachRemaining(key -> {
            if (Set.of("get", "put", "post", "delete", "patch", "head", "options").contains(key)) {
                endpoints.add(key.toUpperCase(Locale.ROOT) + " " + path.getKey());
            }
        }));
        return endpoints;
    }

    @Test
    public void everyEndpointInTheCodeIsDocumentedAndNothingElse() throws Exception {
        Set<String> inCode = endpointsInCode();

        assertTrue("the scan found too few endpoints: " + inCode, inCode.size() >= 12);
        assertEquals(inCode, endpointsInDocument());
    }

    @Test
    public void everyOperationHasResponsesAndItsPathParametersAreDeclared() {
        doc.get("paths").fields().forEachRemaining(path -> {
            Set<String> declared = new TreeSet<>();
            collectParameterNames(path.getValue().path("parameters"), declared);
            Matcher m = TEMPLATE.matcher(path.getKey());
            List<String> needed = new ArrayList<>();
            while (m.find()) {
                needed.add(m.group(1));
            }
            path.getValue().fields().forEachRemaining(op -> {
                if (op.getKey().equals("parameters")) {
                    return;
                }
                assertTrue(op.getKey() + " " + path.getKey() + " has no responses", op.getValue().has("responses"));
                Set<String> names = new TreeSet<>(declared);
                collectParameterNames(op.getValue().path("parameters"), names);
                assertTrue(op.getKey() + " " + path.getKey() + " declares " + names, names.containsAll(needed));
            });
        });
    }

    private void collectParameterNames(JsonNode parameters, Set<String> names) {
        for (JsonNode p : parameters) {
            JsonNode resolved = p.has("$ref") ? resolve(p.get("$ref").asText()) : p;
            if ("path".equals(resolved.path("in").asText())) {
                names.add(resolved.get("name").asText());
            }
        }
    }

    @Test
    public void everyReferenceResolves() {
        List<String> refs = new ArrayList<>();
        collectRefs(doc, refs);

        assertFalse(refs.isEmpty());
        for (String ref : refs) {
            assertFalse("unresolved " + ref, resolve(ref).isMissingNode());
        }
    }

    private JsonNode resolve(String ref) {
        assertTrue(ref, ref.startsWith("#/"));
        return doc.at(ref.substring(1));
    }

    private static void collectRefs(JsonNode node, List<String> refs) {
        if (node.has("$ref")) {
            refs.add(node.get("$ref").asText());
        }
        for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
            collectRefs(it.next(), refs);
        }
    }

    @Test
    public void isAnOpenApi3DocumentServedAsIs() {
        assertTrue(doc.get("openapi").asText().startsWith("3.0"));
        assertEquals(doc, readTree(new OpenApiResource().get()));
    }

    private static JsonNode readTree(byte[] bytes) {
        try {
            return new ObjectMapper().readTree(bytes);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }
}
