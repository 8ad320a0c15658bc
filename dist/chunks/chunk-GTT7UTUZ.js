var o=[{id:"phpunit",label:"PHPUnit (Laravel)"},{id:"pest",label:"Pest (Laravel)"},{id:"node",label:"node:test (Node)"}],s=e=>o.some(t=>t.id===e);export{o as a,s as b};
